import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Input, Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import type { TournamentDetail } from "../../../workers/domain/tournaments";
import { tournamentApi } from "./tournament-api";
import type { useTournamentAction } from "./use-tournament-action";

type Props = { tournament: TournamentDetail; action: ReturnType<typeof useTournamentAction> };

/** The organizer edits name, description, prize pool and rules until the event is completed. */
export function EditTournamentDialog({ tournament: t, action }: Props) {
  const [open, setOpen] = useState(false);
  const initial = { name: t.name, description: t.description ?? "", prizePool: t.prizePool ?? "", rules: t.rules ?? "" };
  const [values, setValues] = useState(initial);
  const set = (key: keyof typeof initial, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      toast({ title: "Missing information", description: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    const saved = await action.run("edit", () => tournamentApi("PATCH", `/api/tournaments/${t.id}`, values), {
      success: { title: "Tournament updated" },
      failure: "Failed to update tournament",
    });
    if (saved) setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setValues(initial);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Edit Details</Button>
      </DialogTrigger>
      <DialogContent title="Edit Tournament">
        <form onSubmit={save} className="grid gap-4" noValidate>
          <div>
            <Label htmlFor="edit-name">Tournament Name *</Label>
            <Input id="edit-name" value={values.name} maxLength={120} onChange={(e) => set("name", e.target.value)} />
          </div>
          <div>
            <Label htmlFor="edit-description">Description</Label>
            <Textarea
              id="edit-description"
              value={values.description}
              maxLength={2000}
              onChange={(e) => set("description", e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor="edit-prize">Prize Pool</Label>
            <Input id="edit-prize" value={values.prizePool} maxLength={200} onChange={(e) => set("prizePool", e.target.value)} />
          </div>
          <div>
            <Label htmlFor="edit-rules">Rules</Label>
            <Textarea id="edit-rules" value={values.rules} maxLength={4000} onChange={(e) => set("rules", e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={action.busy}>
              Save Changes
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

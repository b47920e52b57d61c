import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { FieldMessage, Input, Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { fieldError } from "~/lib/forms";
import type { TournamentDetail } from "../../../workers/domain/tournaments/tournaments";
import { MISSING_INFORMATION } from "./tournament-toasts";
import type { TournamentAction } from "./use-tournament-action";
import { useAnswerEffect } from "~/lib/answer-effect";

type Props = { tournament: TournamentDetail; action: TournamentAction };

const FIELDS = [
  { name: "name", label: "Tournament Name *", max: 120, multiline: false },
  { name: "description", label: "Description", max: 2000, multiline: true },
  { name: "prizePool", label: "Prize Pool", max: 200, multiline: false },
  { name: "rules", label: "Rules", max: 4000, multiline: true },
] as const;

/** The organizer edits name, description, prize pool and rules until the event is completed (intent "edit"). */
export function EditTournamentDialog({ tournament: t, action }: Props) {
  const [open, setOpen] = useState(false);
  const { fetcher } = action;
  const initial = { name: t.name, description: t.description ?? "", prizePool: t.prizePool ?? "", rules: t.rules ?? "" };
  const [values, setValues] = useState(initial);
  const set = (key: keyof typeof initial, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const result = fetcher.data;

  // Saved: close (the page revalidates and shows the new texts).
  useAnswerEffect(result, (answer) => {
    if (answer.ok && answer.intent === "edit") setOpen(false);
  });

  function save(event: FormEvent) {
    if (!values.name.trim()) {
      event.preventDefault();
      toast(MISSING_INFORMATION);
    }
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
        <fetcher.Form method="post" action={`/tournaments/${t.id}`} preventScrollReset onSubmit={save} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="edit" />
          {FIELDS.map((f) => {
            const id = `edit-${f.name === "prizePool" ? "prize" : f.name}`;
            // Only this form has these fields, so their errors are this form's.
            const error = fieldError(result, f.name);
            const props = {
              id,
              name: f.name,
              value: values[f.name],
              maxLength: f.max,
              "aria-invalid": error ? true : undefined,
              "aria-describedby": error ? `${id}-error` : undefined,
            };
            return (
              <div key={f.name}>
                <Label htmlFor={id}>{f.label}</Label>
                {f.multiline ? (
                  <Textarea {...props} onChange={(e) => set(f.name, e.target.value)} />
                ) : (
                  <Input {...props} onChange={(e) => set(f.name, e.target.value)} />
                )}
                <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
              </div>
            );
          })}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={action.busy}>
              Save Changes
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { DEFAULT_MAX_PARTICIPANTS, MAX_PARTICIPANT_OPTIONS, TOURNAMENT_FORMATS } from "../../../workers/contract/tournaments";
import { errorText, tournamentApi } from "./tournament-api";
import { FORMAT_LABELS, PAIRING_LABELS } from "./tournament-format";

type FormValues = {
  name: string;
  description: string;
  gameFormat: string;
  maxParticipants: number;
  startDate: string;
  prizePool: string;
  rules: string;
  pairing: "swiss" | "single_elimination";
};

/** Spec 001 §4: everything empty, max participants 8 (and Swiss pairing). */
const EMPTY: FormValues = {
  name: "",
  description: "",
  gameFormat: "",
  maxParticipants: DEFAULT_MAX_PARTICIPANTS,
  startDate: "",
  prizePool: "",
  rules: "",
  pairing: "swiss",
};

type Props = {
  /** Selected realm id, else the spec's default 'mtg'. */
  communityId: string;
  idPrefix: string;
  /** Called after a successful create (close the dialog, refresh lists). */
  onCreated: (id: string) => void;
  /** The Create tab shows Reset; the dialog shows Cancel. */
  secondary: "reset" | { cancel: () => void };
};

/** The create form of the dialog and of the Create tab (spec 001 §2, §5). */
export function TournamentForm({ communityId, idPrefix, onCreated, secondary }: Props) {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const id = (name: string) => `${idPrefix}-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim() || !values.gameFormat || !values.startDate) {
      toast({ title: "Missing information", description: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      const created = await tournamentApi<{ id: string }>("POST", "/api/tournaments", {
        ...values,
        startDate: new Date(values.startDate).toISOString(),
        communityId,
      });
      toast({ title: "Tournament created!", description: "Your tournament has been created successfully." });
      setValues(EMPTY);
      onCreated(created.id);
    } catch (error) {
      toast({ title: "Failed to create tournament", description: errorText(error), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div>
        <Label htmlFor={id("name")}>Tournament Name *</Label>
        <Input
          id={id("name")}
          value={values.name}
          maxLength={120}
          onChange={(e) => set("name", e.target.value)}
          placeholder="Friday Night Modern"
        />
      </div>
      <div>
        <Label htmlFor={id("description")}>Description</Label>
        <Textarea id={id("description")} value={values.description} maxLength={2000} onChange={(e) => set("description", e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={id("format")}>Game Format *</Label>
          <NativeSelect id={id("format")} value={values.gameFormat} onChange={(e) => set("gameFormat", e.target.value)}>
            <option value="">Select format</option>
            {TOURNAMENT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor={id("max")}>Max Participants</Label>
          <NativeSelect id={id("max")} value={values.maxParticipants} onChange={(e) => set("maxParticipants", Number(e.target.value))}>
            {MAX_PARTICIPANT_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n} players
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor={id("start")}>Start Date *</Label>
          <Input id={id("start")} type="datetime-local" value={values.startDate} onChange={(e) => set("startDate", e.target.value)} />
        </div>
        <div>
          <Label htmlFor={id("pairing")}>Pairing</Label>
          <NativeSelect id={id("pairing")} value={values.pairing} onChange={(e) => set("pairing", e.target.value as FormValues["pairing"])}>
            {Object.entries(PAIRING_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div>
        <Label htmlFor={id("prize")}>Prize Pool</Label>
        <Input
          id={id("prize")}
          value={values.prizePool}
          maxLength={200}
          onChange={(e) => set("prizePool", e.target.value)}
          placeholder="Booster box for first place"
        />
      </div>
      <div>
        <Label htmlFor={id("rules")}>Rules</Label>
        <Textarea id={id("rules")} value={values.rules} maxLength={4000} onChange={(e) => set("rules", e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        {secondary === "reset" ? (
          <Button variant="outline" onClick={() => setValues(EMPTY)}>
            Reset
          </Button>
        ) : (
          <Button variant="outline" onClick={secondary.cancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create Tournament"}
        </Button>
      </div>
    </form>
  );
}

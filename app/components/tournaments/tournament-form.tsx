import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { FieldMessage, Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { fieldError, useResultToast, type ActionResult } from "~/lib/forms";
import {
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_ROUND_MINUTES,
  MAX_PARTICIPANT_OPTIONS,
  MAX_ROUND_MINUTES,
  MIN_ROUND_MINUTES,
  playsInPods,
  TOURNAMENT_FORMATS,
} from "../../../workers/contract/tournaments";
import { FORMAT_LABELS, PAIRING_LABELS } from "./tournament-format";
import { MISSING_INFORMATION } from "./tournament-toasts";
import { useAnswerEffect } from "~/lib/answer-effect";

/** `at` as a datetime-local value (yyyy-mm-ddTHH:mm) on the browser's clock. */
function localMinute(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

type FormValues = {
  name: string;
  description: string;
  gameFormat: string;
  maxParticipants: number;
  startDate: string;
  prizePool: string;
  rules: string;
  pairing: "swiss" | "single_elimination";
  roundMinutes: string;
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
  roundMinutes: String(DEFAULT_ROUND_MINUTES),
};

type Props = {
  /** Selected realm id, else the spec's default 'mtg'. */
  communityId: string;
  idPrefix: string;
  /** Called after a successful create (close the dialog, show Browse). */
  onCreated: () => void;
  /** The Create tab shows Reset; the dialog shows Cancel. */
  secondary: "reset" | { cancel: () => void };
};

/**
 * The create form of the dialog and of the Create tab (spec 001 §2, §5). It
 * posts to the hub's action (intent "create"); the start date goes as ISO in
 * the member's time zone.
 */
/** The hub's answer (the /tournaments action): a join, or the id of a created tournament; or a failure. */
export type HubResult = ActionResult<{ intent: "join" } | { intent: "create"; id: string }>;

export function TournamentForm({ communityId, idPrefix, onCreated, secondary }: Props) {
  const fetcher = useFetcher<HubResult>();
  useResultToast(fetcher.data);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const id = (name: string) => `${idPrefix}-${name}`;
  const submitting = fetcher.state !== "idle";
  // Commander seats four at a game: it plays Swiss pods with a top cut, timed rounds (PLAYERS_PER_GAME).
  const pods = playsInPods(values.gameFormat);
  // The picker starts at this minute on the member's clock (set after hydration: the server's clock is not theirs);
  // a start that has passed is refused beside the field (TOURNAMENT_START_PASSED).
  const [earliest, setEarliest] = useState<string | undefined>(undefined);
  useEffect(() => setEarliest(localMinute(new Date())), []);

  // A created tournament resets the form (spec 001 §4) and hands over to the page.
  const created = useRef(onCreated);
  created.current = onCreated;
  const formRef = useRef<HTMLFormElement>(null);
  useAnswerEffect(fetcher.data, (answer) => {
    if (answer.ok) {
      setValues(EMPTY);
      created.current();
    } else if (answer.fieldErrors) {
      // A refused field may be above the fold (a phone's Create button is far below the start date): go to it.
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim() || !values.gameFormat || !values.startDate) {
      toast(MISSING_INFORMATION);
      return;
    }
    const form = new FormData(event.currentTarget);
    form.set("startDate", new Date(values.startDate).toISOString());
    fetcher.submit(form, { method: "post", action: "/tournaments" });
  }

  const field = (name: string, htmlId: string) => {
    const error = fieldError(fetcher.data, name);
    return {
      id: htmlId,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${htmlId}-error` : undefined,
    };
  };
  const message = (name: string, htmlId: string) => <FieldMessage id={`${htmlId}-error`}>{fieldError(fetcher.data, name)}</FieldMessage>;

  return (
    <form ref={formRef} method="post" action="/tournaments" onSubmit={submit} className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="communityId" value={communityId} />
      <div>
        <Label htmlFor={id("name")}>Tournament Name *</Label>
        <Input
          {...field("name", id("name"))}
          value={values.name}
          maxLength={120}
          onChange={(e) => set("name", e.target.value)}
          placeholder="Friday Night Modern"
        />
        {message("name", id("name"))}
      </div>
      <div>
        <Label htmlFor={id("description")}>Description</Label>
        <Textarea
          {...field("description", id("description"))}
          value={values.description}
          maxLength={2000}
          onChange={(e) => set("description", e.target.value)}
        />
        {message("description", id("description"))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={id("format")}>Game Format *</Label>
          <NativeSelect
            {...field("gameFormat", id("format"))}
            value={values.gameFormat}
            onChange={(e) => set("gameFormat", e.target.value)}
          >
            <option value="">Select format</option>
            {TOURNAMENT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </NativeSelect>
          {message("gameFormat", id("format"))}
        </div>
        <div>
          <Label htmlFor={id("max")}>Max Participants</Label>
          <NativeSelect
            {...field("maxParticipants", id("max"))}
            value={values.maxParticipants}
            onChange={(e) => set("maxParticipants", Number(e.target.value))}
          >
            {MAX_PARTICIPANT_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n} players
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor={id("start")}>Start Date *</Label>
          <Input
            {...field("startDate", id("start"))}
            type="datetime-local"
            min={earliest}
            value={values.startDate}
            onChange={(e) => set("startDate", e.target.value)}
          />
          {message("startDate", id("start"))}
        </div>
        <div>
          <Label htmlFor={id("pairing")}>Pairing</Label>
          <NativeSelect
            {...field("pairing", id("pairing"))}
            value={pods ? "swiss" : values.pairing}
            onChange={(e) => set("pairing", e.target.value === "single_elimination" ? "single_elimination" : "swiss")}
          >
            {pods ? (
              <option value="swiss">Swiss pods + top cut</option>
            ) : (
              Object.entries(PAIRING_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))
            )}
          </NativeSelect>
          {message("pairing", id("pairing"))}
        </div>
        <div>
          <Label htmlFor={id("round-minutes")}>Round time (minutes)</Label>
          <Input
            {...field("roundMinutes", id("round-minutes"))}
            aria-describedby={[`${id("round-minutes")}-hint`, field("roundMinutes", id("round-minutes"))["aria-describedby"]]
              .filter(Boolean)
              .join(" ")}
            type="number"
            inputMode="numeric"
            min={MIN_ROUND_MINUTES}
            max={MAX_ROUND_MINUTES}
            value={values.roundMinutes}
            onChange={(e) => set("roundMinutes", e.target.value)}
          />
          <p id={`${id("round-minutes")}-hint`} className="mt-1 text-xs text-muted">
            {pods
              ? "Commander plays in pods of four: a game still going when time is up is a draw."
              : "Used by Commander pods only: a game still going when time is up is a draw."}
          </p>
          {message("roundMinutes", id("round-minutes"))}
        </div>
      </div>
      <div>
        <Label htmlFor={id("prize")}>Prize Pool</Label>
        <Input
          {...field("prizePool", id("prize"))}
          value={values.prizePool}
          maxLength={200}
          onChange={(e) => set("prizePool", e.target.value)}
          placeholder="Booster box for first place"
        />
        {message("prizePool", id("prize"))}
      </div>
      <div>
        <Label htmlFor={id("rules")}>Rules</Label>
        <Textarea {...field("rules", id("rules"))} value={values.rules} maxLength={4000} onChange={(e) => set("rules", e.target.value)} />
        {message("rules", id("rules"))}
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

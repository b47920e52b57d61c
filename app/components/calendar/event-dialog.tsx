import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { FieldMessage, Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { dayInZone, viewerTimeZone } from "~/lib/date-time";
import { fieldError, submittedValue, type ActionResult } from "~/lib/forms";
import {
  DEFAULT_ALTERNATE_SLOTS,
  DEFAULT_PLAYER_SLOTS,
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  type EventDto,
} from "../../../workers/contract/events";
import { BRACKETS, bracketLabel } from "../../../workers/contract/brackets";
import { DEFAULT_TIME_ZONE } from "../../../workers/contract/time-zone";
import { CalendarDialog, DialogParamsForm, useHydrated } from "./calendar-dialog";
import { isUpcoming } from "./event-card";
import { EventStartedDialog } from "./event-started-dialog";

/**
 * The zone the date and time fields are read in: the event's own when editing,
 * else the creator's browser zone (UTC until JavaScript runs, so the server
 * render and hydration agree and the no-JavaScript form still says which).
 */
function useEventTimeZone(event: EventDto | null, submitted: string | undefined) {
  const [zone, setZone] = useState(submitted ?? event?.timeZone ?? DEFAULT_TIME_ZONE);
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  useEffect(() => {
    const own = viewerTimeZone();
    setBrowserZone(own);
    if (!event && !submitted) setZone(own);
  }, [event, submitted]);
  return { zone, setZone, browserZone };
}

const PLAYER_SLOT_OPTIONS = [2, 3, 4, 5, 6, 7, 8];
const ALTERNATE_SLOT_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const REQUIRED = ["title", "type", "date", "time", "location"] as const;

/** The fields the submit button and the seat selects follow (spec 001 §5 "Event submit"). */
type Tracked = { title: string; type: string; date: string; communityId: string };
const trackedOf = (form: FormData): Tracked => ({
  title: String(form.get("title") ?? ""),
  type: String(form.get("type") ?? ""),
  date: String(form.get("date") ?? ""),
  communityId: String(form.get("communityId") ?? ""),
});

/**
 * Create/edit dialog (spec 001 §2, §4 "Event dialog", §5 "Event submit"): edit
 * mode when an event is given. It posts to the calendar's action, which
 * redirects back with the toast, so it works without JavaScript (server errors
 * show beside the fields). With JavaScript, submit stays disabled while title,
 * type, date or community is missing, and the other required fields are
 * checked before posting.
 */
export function EventDialog({
  event,
  defaultDate,
  defaultCommunityId,
}: {
  event: EventDto | null;
  defaultDate: string;
  defaultCommunityId: string | null;
}) {
  const { communities } = useCommunity();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const id = useId();
  const editing = event !== null;
  const value = (name: string, fallback: string) => submittedValue(result, name) ?? fallback;
  const initial: Tracked = {
    title: value("title", event?.title ?? ""),
    type: value("type", event?.type ?? ""),
    date: value("date", event?.date ?? defaultDate),
    communityId: value("communityId", event?.communityId ?? defaultCommunityId ?? ""),
  };
  const [tracked, setTracked] = useState(initial);
  const { zone, setZone, browserZone } = useEventTimeZone(event, submittedValue(result, "timeZone"));
  // The date picker starts at today in the event's zone (after hydration: the server's day may not be the viewer's).
  const [earliestDay, setEarliestDay] = useState<string | undefined>(undefined);
  useEffect(() => {
    try {
      setEarliestDay(dayInZone(Date.now(), zone));
    } catch {
      setEarliestDay(undefined); // A zone being typed is not a zone yet: the server says so beside the field.
    }
  }, [zone]);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === (editing ? "update" : "create");
  // Until JavaScript runs, nothing can re-enable a disabled button: the server checks instead.
  const submitDisabled = hydrated && (saving || !tracked.title.trim() || !tracked.type || !tracked.date || !tracked.communityId);
  const showSeats = !hydrated || tracked.type === "game_pod";

  function check(e: FormEvent<HTMLFormElement>) {
    const form = new FormData(e.currentTarget);
    if (REQUIRED.some((name) => !String(form.get(name) ?? "").trim())) {
      e.preventDefault();
      toast({ title: "Please fill in all required fields", variant: "destructive" });
    } else if (!form.get("communityId")) {
      e.preventDefault();
      toast({ title: "Please select a community first", variant: "destructive" });
    }
  }

  const field = (name: string) => {
    const error = fieldError(result, name);
    return {
      id: `${id}-${name}`,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${name}-error` : undefined,
    };
  };
  const message = (name: string) => <FieldMessage id={`${id}-${name}-error`}>{fieldError(result, name)}</FieldMessage>;
  const formError = result && !result.ok && !result.fieldErrors ? result.message : undefined;

  // The server refuses the change too (updateEvent); say so instead of offering a form that cannot be saved.
  if (event && !isUpcoming(event)) return <EventStartedDialog event={event} />;

  return (
    <CalendarDialog
      title={editing ? "Edit Event" : "Create Event"}
      description={
        editing
          ? "Update the details of your event. It must still start in the future."
          : "Schedule an event for your realm: it starts in the future. Date and time are in the time zone below."
      }
    >
      <Form
        method="post"
        preventScrollReset
        onSubmit={check}
        onChange={(e) => setTracked(trackedOf(new FormData(e.currentTarget)))}
        className="grid gap-4"
        noValidate
      >
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {event ? <input type="hidden" name="id" value={event.id} /> : null}
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {formError}
          </p>
        ) : null}
        <div>
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input {...field("title")} defaultValue={initial.title} maxLength={120} required />
          {message("title")}
        </div>
        <div>
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect {...field("type")} defaultValue={initial.type} required>
            <option value="">Select a type</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {EVENT_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
          {message("type")}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor={`${id}-date`}>Date</Label>
            <Input {...field("date")} type="date" defaultValue={initial.date} min={earliestDay} required />
            {message("date")}
          </div>
          <div>
            <Label htmlFor={`${id}-time`}>Time</Label>
            <Input {...field("time")} type="time" defaultValue={value("time", event?.time ?? "")} required />
            {message("time")}
          </div>
        </div>
        <div>
          <Label htmlFor={`${id}-timeZone`}>Time zone</Label>
          <Input
            {...field("timeZone")}
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={fieldError(result, "timeZone") ? `${id}-timeZone-hint ${id}-timeZone-error` : `${id}-timeZone-hint`}
          />
          <p id={`${id}-timeZone-hint`} className="mt-1 text-xs text-muted" data-testid="time-zone-hint">
            {browserZone === null
              ? "An IANA time zone name, such as Europe/Berlin. Members see the time in their own zone."
              : zone === browserZone
                ? `Your browser's time zone (${browserZone}). Members see the time in their own zone.`
                : `Your browser's time zone is ${browserZone}. Members see the time in their own zone.`}
          </p>
          {message("timeZone")}
        </div>
        <div>
          <Label htmlFor={`${id}-location`}>Location</Label>
          <Input
            {...field("location")}
            defaultValue={value("location", event?.location ?? "")}
            maxLength={200}
            placeholder="Discord, store name, or address"
            required
          />
          {message("location")}
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Textarea {...field("description")} defaultValue={value("description", event?.description ?? "")} maxLength={2000} />
          {message("description")}
        </div>
        <div>
          <Label htmlFor={`${id}-communityId`}>Community</Label>
          <NativeSelect {...field("communityId")} defaultValue={initial.communityId}>
            <option value="">No specific community</option>
            {communities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.displayName}
              </option>
            ))}
          </NativeSelect>
          {message("communityId")}
        </div>
        {showSeats ? (
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor={`${id}-playerSlots`}>Player slots</Label>
              <NativeSelect
                {...field("playerSlots")}
                defaultValue={value("playerSlots", String(event?.playerSlots ?? DEFAULT_PLAYER_SLOTS))}
              >
                {PLAYER_SLOT_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
              {message("playerSlots")}
            </div>
            <div>
              <Label htmlFor={`${id}-alternateSlots`}>Waiting list slots</Label>
              <NativeSelect
                {...field("alternateSlots")}
                defaultValue={value("alternateSlots", String(event?.alternateSlots ?? DEFAULT_ALTERNATE_SLOTS))}
              >
                {ALTERNATE_SLOT_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
              {message("alternateSlots")}
            </div>
            {hydrated ? null : <p className="col-span-2 text-xs text-muted">Player and waiting list slots apply to game pods.</p>}
          </div>
        ) : null}
        <div>
          <Label htmlFor={`${id}-maxAttendees`}>Max attendees (optional)</Label>
          <Input
            {...field("maxAttendees")}
            type="number"
            inputMode="numeric"
            min={1}
            defaultValue={value("maxAttendees", event?.maxAttendees ? String(event.maxAttendees) : "")}
          />
          {message("maxAttendees")}
        </div>
        <div>
          <Label htmlFor={`${id}-bracket`}>Commander bracket (optional)</Label>
          <NativeSelect {...field("bracket")} defaultValue={value("bracket", event?.bracket ? String(event.bracket) : "")}>
            <option value="">No bracket</option>
            {BRACKETS.map((b) => (
              <option key={b.id} value={b.id}>
                {bracketLabel(b.id)}
              </option>
            ))}
          </NativeSelect>
          {message("bracket")}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="submit" form={`${id}-close`} variant="outline">
            Cancel
          </Button>
          <Button type="submit" disabled={submitDisabled}>
            {editing ? "Update Event" : "Create Event"}
          </Button>
        </div>
      </Form>
      {/* Cancel submits this GET form (its `form` attribute): it closes the dialog without posting. */}
      <DialogParamsForm id={`${id}-close`} />
    </CalendarDialog>
  );
}

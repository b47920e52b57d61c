import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import {
  DEFAULT_ALTERNATE_SLOTS,
  DEFAULT_PLAYER_SLOTS,
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  type EventDto,
  type EventType,
} from "../../../workers/contract/events";
import { errorMessage, eventsClient, type EventInput } from "./events-client";

type FormState = {
  title: string;
  type: EventType | "";
  date: string;
  time: string;
  location: string;
  description: string;
  communityId: string;
  playerSlots: number;
  alternateSlots: number;
  maxAttendees: string;
};

function initialState(event: EventDto | null, defaultCommunityId: string | null, defaultDate: string): FormState {
  if (event) {
    return {
      title: event.title,
      type: event.type,
      date: event.date,
      time: event.time,
      location: event.location,
      description: event.description ?? "",
      communityId: event.communityId ?? "",
      playerSlots: event.playerSlots,
      alternateSlots: event.alternateSlots,
      maxAttendees: event.maxAttendees ? String(event.maxAttendees) : "",
    };
  }
  return {
    title: "",
    type: "",
    date: defaultDate,
    time: "",
    location: "",
    description: "",
    communityId: defaultCommunityId ?? "",
    playerSlots: DEFAULT_PLAYER_SLOTS,
    alternateSlots: DEFAULT_ALTERNATE_SLOTS,
    maxAttendees: "",
  };
}

const PLAYER_SLOT_OPTIONS = [2, 3, 4, 5, 6, 7, 8];
const ALTERNATE_SLOT_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Create/edit dialog (spec 001 §2, §4 "Event dialog", §5 "Event submit"): edit
 * mode when an event is given. Submit stays disabled while title, type, date or
 * community is missing; the other required fields are checked on submit.
 */
export function EventDialog({
  open,
  event,
  defaultDate,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  event: EventDto | null;
  defaultDate: string;
  onOpenChange: (open: boolean) => void;
  onSaved: (event: EventDto) => void;
}) {
  const { communities, selectedCommunityId } = useCommunity();
  const [form, setForm] = useState(() => initialState(event, selectedCommunityId, defaultDate));
  const [saving, setSaving] = useState(false);
  const id = useId();
  const editing = event !== null;

  useEffect(() => {
    if (open) setForm(initialState(event, selectedCommunityId, defaultDate));
  }, [open, event, selectedCommunityId, defaultDate]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submitDisabled = saving || !form.title.trim() || !form.type || !form.date || !form.communityId;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.title.trim() || !form.type || !form.date || !form.time || !form.location.trim()) {
      toast({ title: "Please fill in all required fields", variant: "destructive" });
      return;
    }
    if (!form.communityId) {
      toast({ title: "Please select a community first", variant: "destructive" });
      return;
    }
    const input: EventInput = {
      title: form.title.trim(),
      type: form.type,
      date: form.date,
      time: form.time,
      location: form.location.trim(),
      description: form.description.trim() || null,
      communityId: form.communityId,
      maxAttendees: form.maxAttendees ? Number(form.maxAttendees) : null,
      ...(form.type === "game_pod" ? { playerSlots: form.playerSlots, alternateSlots: form.alternateSlots } : {}),
    };
    setSaving(true);
    try {
      const saved = editing ? await eventsClient.update(event.id, input) : await eventsClient.create(input);
      toast({ title: editing ? "Event updated successfully!" : "Event created successfully!" });
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      toast({
        title: editing ? "Failed to update event" : "Failed to create event",
        description: errorMessage(error),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? "Edit Event" : "Create Event"}
        description={editing ? "Update the details of your event." : "Schedule an event for your realm. Times are in UTC."}
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div>
            <Label htmlFor={field("title")}>Title</Label>
            <Input id={field("title")} value={form.title} maxLength={120} onChange={(e) => set("title", e.target.value)} required />
          </div>
          <div>
            <Label htmlFor={field("type")}>Type</Label>
            <NativeSelect id={field("type")} value={form.type} onChange={(e) => set("type", e.target.value as FormState["type"])} required>
              <option value="">Select a type</option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EVENT_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor={field("date")}>Date</Label>
              <Input id={field("date")} type="date" value={form.date} onChange={(e) => set("date", e.target.value)} required />
            </div>
            <div>
              <Label htmlFor={field("time")}>Time (UTC)</Label>
              <Input id={field("time")} type="time" value={form.time} onChange={(e) => set("time", e.target.value)} required />
            </div>
          </div>
          <div>
            <Label htmlFor={field("location")}>Location</Label>
            <Input
              id={field("location")}
              value={form.location}
              maxLength={200}
              placeholder="Discord, store name, or address"
              onChange={(e) => set("location", e.target.value)}
              required
            />
          </div>
          <div>
            <Label htmlFor={field("description")}>Description (optional)</Label>
            <Textarea
              id={field("description")}
              value={form.description}
              maxLength={2000}
              onChange={(e) => set("description", e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={field("community")}>Community</Label>
            <NativeSelect id={field("community")} value={form.communityId} onChange={(e) => set("communityId", e.target.value)}>
              <option value="">No specific community</option>
              {communities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.displayName}
                </option>
              ))}
            </NativeSelect>
          </div>
          {form.type === "game_pod" ? (
            <div className="grid grid-cols-2 gap-3">
              <div>
                <Label htmlFor={field("players")}>Player slots</Label>
                <NativeSelect id={field("players")} value={form.playerSlots} onChange={(e) => set("playerSlots", Number(e.target.value))}>
                  {PLAYER_SLOT_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div>
                <Label htmlFor={field("alternates")}>Waiting list slots</Label>
                <NativeSelect
                  id={field("alternates")}
                  value={form.alternateSlots}
                  onChange={(e) => set("alternateSlots", Number(e.target.value))}
                >
                  {ALTERNATE_SLOT_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
          ) : null}
          <div>
            <Label htmlFor={field("max")}>Max attendees (optional)</Label>
            <Input
              id={field("max")}
              type="number"
              inputMode="numeric"
              min={1}
              value={form.maxAttendees}
              onChange={(e) => set("maxAttendees", e.target.value)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitDisabled}>
              {editing ? "Update Event" : "Create Event"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

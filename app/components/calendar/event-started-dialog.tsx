import { useId } from "react";
import { Button } from "~/components/ui/button";
import { EVENT_STARTED, type EventDto } from "../../../workers/contract/events";
import { CalendarDialog, DialogParamsForm } from "./calendar-dialog";

/**
 * The edit dialog of an event that has started (opened from a link): it says the event can no longer be changed, as
 * the server answers (409), with Close, which works without JavaScript like the dialog's Cancel.
 */
export function EventStartedDialog({ event }: { event: EventDto }) {
  const id = useId();
  return (
    <CalendarDialog title="Edit Event" description={event.title}>
      <p role="status" className="text-sm" data-testid="event-started">
        {EVENT_STARTED}
      </p>
      <div className="flex justify-end">
        <Button type="submit" form={`${id}-close`} variant="outline">
          Close
        </Button>
      </div>
      <DialogParamsForm id={`${id}-close`} />
    </CalendarDialog>
  );
}

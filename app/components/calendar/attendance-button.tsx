import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { useResultToast, type ActionResult } from "~/lib/forms";
import type { EventDto } from "../../../workers/contract/events";
import { requestedSeat, type EventAction } from "./seat-actions";

/**
 * Join or leave one event: a form posting to the page's action (the calendar,
 * which redirects back, so it works without JavaScript) or to `action` (the
 * lobby's /events/:id/attendance). With JavaScript it is a fetcher: the card
 * stays, shows its pending state and the toast the action answers with.
 */
export function AttendanceButton({
  event,
  action,
  label,
  to,
  onChanged,
}: {
  event: EventDto;
  action: EventAction;
  label: string;
  /** Where to post; the current route (with the event id in the form) when absent. */
  to?: string;
  onChanged?: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const succeeded = fetcher.data?.ok === true ? fetcher.data : null;
  useEffect(() => {
    if (succeeded) onChanged?.();
  }, [succeeded, onChanged]);
  const pending = fetcher.state !== "idle";
  const seat = action === "leave" ? null : requestedSeat(action);

  return (
    <fetcher.Form method="post" action={to} preventScrollReset className="contents">
      <input type="hidden" name="intent" value={seat ? "join" : "leave"} />
      {to ? null : <input type="hidden" name="id" value={event.id} />}
      {seat ? (
        <>
          <input type="hidden" name="status" value="attending" />
          <input type="hidden" name="role" value={seat.role} />
          <input type="hidden" name="playerType" value={seat.playerType} />
        </>
      ) : null}
      <Button type="submit" size="sm" variant={seat ? "primary" : "outline"} disabled={pending}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

import { eq, or, sql, type SQL } from "drizzle-orm";
import { events } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";

/**
 * Which events a viewer sees listed or counted anywhere (the calendar's lists and month grid, the lobby's game pods,
 * the dashboards' upcoming events and their counts, the API's list): the one rule, so no list shows what another
 * hides. An event whose creator or host has a block with the viewer, either way, is left out (blocks.ts), unless the
 * viewer created, hosts or attends it (what they joined before the block stays in their own lists). Opened by its
 * link the event still shows, and joining it is refused (events.ts). A visitor (no viewer) sees every event.
 * Probes of primary keys per listed event: the blocks' both ways, then the attendee row.
 */
export function eventsListedTo(viewerId: string | null): SQL | undefined {
  if (!viewerId) return undefined;
  return or(
    eq(events.creatorId, viewerId),
    eq(events.hostId, viewerId),
    sql`not (${isBlockedEitherWay(viewerId, events.creatorId)} or ${isBlockedEitherWay(viewerId, events.hostId)})`,
    sql`exists (select 1 from event_attendees va where va.event_id = ${events.id} and va.user_id = ${viewerId})`,
  );
}

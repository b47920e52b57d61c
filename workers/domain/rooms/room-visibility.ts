import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { gameSessionMembers, gameSessions } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";

/** A waiting room with no sign of anyone at it for this long is stale: no list or count shows it. */
export const ROOM_STALE_MS = 10 * 60_000;

/**
 * Whether a room shows signs of life: someone has a socket open in it (the room writes `empty_since` when its last
 * socket closes and clears it when one opens: durable-objects/room/presence-sync.ts), or it emptied or changed
 * places (`updated_at`: a join, a leave, a start) within ROOM_STALE_MS. A waiting room nobody has been at for that
 * long is stale, before the room's idle alarm (ROOM_IDLE_MINUTES) ends it; a room someone keeps open in a background
 * tab is not. Active rooms stay: their game is under way. Times are D1's clock, so a test moves them by writing data.
 */
export function roomShowsLife(): SQL {
  const since = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER) - ${ROOM_STALE_MS})`;
  return or(
    ne(gameSessions.status, "waiting"),
    isNull(gameSessions.emptySince),
    sql`${gameSessions.emptySince} >= ${since}`,
    sql`${gameSessions.updatedAt} >= ${since}`,
  )!;
}

/**
 * Which rooms a viewer sees listed or counted anywhere (the lobby, the dashboards' open rooms and their counts,
 * the activity feed): the one rule, so no list or count shows what the lobby hides.
 * - A private room is listed only to its host and the members with a place in it; everyone else reaches it by its
 *   link.
 * - A room whose host and the viewer have a block between them, either way, is not listed to the viewer (blocks.ts),
 *   unless they have a place in it (the blocker keeps a seat they held in the blocked member's room: theirs to give
 *   up). By its link the room page says why they cannot join (room-rules.ts).
 * - A tournament match room belongs to its pairing, not to anyone's list: its players reach it from the match.
 * - A stale waiting room (roomShowsLife) is listed to nobody.
 */
export function roomsListedTo(viewerId: string | null): SQL {
  const isPublic = eq(gameSessions.isPrivate, false);
  // Probes of primary keys per listed room: the blocks' (blocker_id, blocked_id) both ways, then, for a private or
  // blocked room, the members' (session_id, user_id).
  const visible = viewerId
    ? or(
        and(isPublic, sql`not ${isBlockedEitherWay(viewerId, gameSessions.hostId)}`),
        eq(gameSessions.hostId, viewerId),
        sql`exists (select 1 from ${gameSessionMembers} where ${gameSessionMembers.sessionId} = ${gameSessions.id} and ${gameSessionMembers.userId} = ${viewerId})`,
      )!
    : isPublic;
  return and(visible, isNull(gameSessions.tournamentMatchId), roomShowsLife())!;
}

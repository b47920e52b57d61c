import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { gameSessionMembers, gameSessions } from "../db/schema";

/** A waiting room with no sign of anyone at it for this long is stale: no list or count shows it. */
export const ROOM_STALE_MS = 10 * 60_000;

/**
 * Whether a room shows signs of life, from what D1 holds. Presence itself (who has a socket open, since when) is
 * kept only in the room's Durable Object storage, so the lobby cannot read it for a page of rooms; D1 has two
 * traces of it: the room's last place change (`updated_at`, which every join, leave, start and the room's own
 * release of a seat held too long sets) and each member's last request (`users.last_active_at`, written at most
 * every 5 minutes, and a visible room page asks for the bell's count every 10 s). A waiting room where neither
 * moved for ROOM_STALE_MS is stale, before the room's idle alarm (ROOM_IDLE_MINUTES) ends it. Active rooms stay:
 * their game is under way. Times are D1's clock, so a test moves them by writing data.
 */
export function roomShowsLife(): SQL {
  const since = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER) - ${ROOM_STALE_MS})`;
  // A probe of the members' (session_id, role, seat) index and the users' primary key per listed waiting room.
  return or(
    ne(gameSessions.status, "waiting"),
    sql`${gameSessions.updatedAt} >= ${since}`,
    sql`exists (select 1 from game_session_members m inner join users u on u.id = m.user_id where m.session_id = ${gameSessions.id} and u.last_active_at >= ${since})`,
  )!;
}

/**
 * Which rooms a viewer sees listed or counted anywhere (the lobby, the dashboards' open rooms and their counts,
 * the activity feed): the one rule, so no list or count shows what the lobby hides.
 * - A private room is listed only to its host and the members with a place in it; everyone else reaches it by its
 *   link.
 * - A tournament match room belongs to its pairing, not to anyone's list: its players reach it from the match.
 * - A stale waiting room (roomShowsLife) is listed to nobody.
 */
export function roomsListedTo(viewerId: string | null): SQL {
  const isPublic = eq(gameSessions.isPrivate, false);
  // A probe of the members' primary key (session_id, user_id) per listed private room.
  const visible = viewerId
    ? or(
        isPublic,
        eq(gameSessions.hostId, viewerId),
        sql`exists (select 1 from ${gameSessionMembers} where ${gameSessionMembers.sessionId} = ${gameSessions.id} and ${gameSessionMembers.userId} = ${viewerId})`,
      )!
    : isPublic;
  return and(visible, isNull(gameSessions.tournamentMatchId), roomShowsLife())!;
}

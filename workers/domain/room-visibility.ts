import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { gameSessionMembers, gameSessions } from "../db/schema";

/**
 * Which rooms a viewer sees listed or counted anywhere (the lobby, the dashboards' open rooms and their counts,
 * the activity feed): the one rule, so no list or count shows what the lobby hides.
 * - A private room is listed only to its host and the members with a place in it; everyone else reaches it by its
 *   link.
 * - A tournament match room belongs to its pairing, not to anyone's list: its players reach it from the match.
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
  return and(visible, isNull(gameSessions.tournamentMatchId))!;
}

import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { isBlockedEitherWay } from "../blocks";
import { removedFromRealm, suspendedNow } from "../moderation/standing";

type Ref = string | SQLWrapper;

/**
 * Who may sit at a Discord table (issue 39), in ONE predicate that every join and every fill puts inside the
 * statement it already runs (so it costs no D1 round trip and two joins at once cannot both slip past it):
 * `member` may sit with the players that `others` names, a condition on `other`, a row of discord_table_players.
 *
 * It holds the block rule (workers/domain/blocks.ts, both ways) and a moderator's word (moderation/standing.ts): a
 * suspended member, or one removed from the table's realm (`communityId`, a column or an id), sits nowhere. The join
 * refuses such a member, and a table about to fill drops a player who may no longer sit (discord-tables.ts), so no
 * room is ever made with them.
 */
export function mayJoinTable(member: Ref, others: SQL, communityId: Ref): SQL<number> {
  return sql<number>`(NOT EXISTS (SELECT 1 FROM discord_table_players other WHERE ${others} AND ${isBlockedEitherWay(member, sql`other.user_id`)})
    AND NOT ${keptOutByModerator(member, communityId)})`;
}

/** 1 while a moderator keeps `member` from the realm's tables: suspended site-wide, or removed from that realm. */
export function keptOutByModerator(member: Ref, communityId: Ref): SQL<number> {
  return sql<number>`(${suspendedNow(member)} OR ${removedFromRealm(member, communityId)})`;
}

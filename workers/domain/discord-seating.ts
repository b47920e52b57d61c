import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { isBlockedEitherWay } from "./blocks";

type Ref = string | SQLWrapper;

/**
 * Who may sit at a Discord table (issue 39), in ONE predicate that every join and every fill puts inside the
 * statement it already runs (so it costs no D1 round trip and two joins at once cannot both slip past it):
 * `member` may sit with the players that `others` names, a condition on `other`, a row of discord_table_players.
 *
 * Today it holds the block rule (workers/domain/blocks.ts, both ways). Suspensions and a realm's removals
 * (workers/domain/moderation*, being built beside this) plug in HERE, as SQL conditions on `member` (and
 * `communityId`, the table's realm), e.g. `AND NOT ${isSuspended(member)} AND NOT ${removedFromRealm(member,
 * communityId)}`: the join refuses such a member, and a table about to fill drops a player who may no longer sit
 * (discord-tables.ts), so no room is ever made with them.
 */
export function mayJoinTable(member: Ref, others: SQL, _communityId: Ref): SQL<number> {
  return sql<number>`(NOT EXISTS (SELECT 1 FROM discord_table_players other WHERE ${others} AND ${isBlockedEitherWay(member, sql`other.user_id`)}))`;
}

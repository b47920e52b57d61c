import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discordTables } from "../../db/schema";
import { STALE_TABLES_PER_RUN } from "./discord-table-rules";
import { staleAt, type TableRow } from "./discord-tables";

export type ClosedTable = Pick<TableRow, "id" | "channelId" | "messageId" | "format" | "bracket" | "maxPlayers">;

/**
 * Closes open tables nobody joined for TABLE_STALE_MS (and older than it), oldest first, at most `limit`; returns
 * them for their messages to be edited. The `status IN ('open', 'filling')` term lets SQLite read only the open
 * tables through the partial index discord_tables_open_channel_unique instead of every table ever made.
 */
export async function closeStaleTables(db: Db, now: number, limit = STALE_TABLES_PER_RUN): Promise<ClosedTable[]> {
  const stale = sql`SELECT id FROM discord_tables
    WHERE status IN ('open', 'filling') AND status = 'open' AND ${staleAt(now)}
    ORDER BY created_at LIMIT ${limit}`;
  return db
    .update(discordTables)
    .set({ status: "closed", updatedAt: now })
    .where(sql`${discordTables.id} IN (${stale}) AND ${discordTables.status} = 'open'`)
    .returning({
      id: discordTables.id,
      channelId: discordTables.channelId,
      messageId: discordTables.messageId,
      format: discordTables.format,
      bracket: discordTables.bracket,
      maxPlayers: discordTables.maxPlayers,
    });
}

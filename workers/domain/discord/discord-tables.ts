import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { createGameSessionBody } from "../../contract/game-sessions";
import type { Db } from "../../db/client";
import { discordTablePlayers, discordTables } from "../../db/schema";
import { currentLogger } from "../../lib/logger";
import { keptOutByModerator, mayJoinTable } from "./discord-seating";
import { TABLE_STALE_MS } from "./discord-table-rules";
import { DomainError } from "../errors";
import { roomLinks } from "../rooms/room-invites";
import { createRoom } from "../rooms/rooms";

/**
 * Tables filled from a Discord channel (issue 39): `/lfg` opens the channel's table or joins it, Join and Leave
 * change who is in, and the request that takes the last seat makes the room. Each change is ONE batch that decides
 * and reads back: the seat count, the block rule (discord-seating.ts mayJoinTable) and the claim of a full table
 * are conditions of the statements themselves, so fifty presses at once seat exactly the table's size and exactly
 * one of them makes the room. The room is made through the room service (rooms.ts createRoom): the first player
 * hosts, seated; the others are invited (a room with invites seats only them), each by their own press.
 */

export type TableRow = typeof discordTables.$inferSelect;
export type TablePlayer = { userId: string; discordUserId: string };
export type TableOptions = { format: string; maxPlayers: number; bracket: number | null };
export type TableRead = { table: TableRow; players: TablePlayer[] };
export type NewTable = TableOptions & { id: string; guildId: string; channelId: string; communityId: string };

/** A table of `discord_tables` that nobody joined for TABLE_STALE_MS and that is older than that, at `now`. */
export const staleAt = (now: number) =>
  sql`discord_tables.created_at < ${now - TABLE_STALE_MS}
    AND NOT EXISTS (SELECT 1 FROM discord_table_players p WHERE p.table_id = discord_tables.id AND p.joined_at >= ${now - TABLE_STALE_MS})`;

/** The table a request is about: by its id (a button), or the channel's open one (`/lfg`). */
export type TableTarget = { tableId: string } | { channelId: string };

function targetId(target: TableTarget): SQL {
  return "tableId" in target
    ? sql`${target.tableId}`
    : sql`(SELECT id FROM discord_tables WHERE channel_id = ${target.channelId} AND status IN ('open', 'filling'))`;
}

const playerCount = (tableRef: SQL) => sql`(SELECT count(*) FROM discord_table_players p WHERE p.table_id = ${tableRef})`;

/** The table's players in the order they came (the first hosts). */
function playersQuery(db: Db, tableRef: SQL) {
  return db
    .select({ userId: discordTablePlayers.userId, discordUserId: discordTablePlayers.discordUserId })
    .from(discordTablePlayers)
    .where(sql`${discordTablePlayers.tableId} = ${tableRef}`)
    .orderBy(asc(discordTablePlayers.joinedAt), sql`discord_table_players.rowid`);
}

/** The table, with whether a block (or, once moderation plugs in, a suspension) keeps `userId` from it. */
function tableQuery(db: Db, tableRef: SQL, userId: string) {
  return db
    .select({
      id: discordTables.id,
      guildId: discordTables.guildId,
      channelId: discordTables.channelId,
      messageId: discordTables.messageId,
      communityId: discordTables.communityId,
      format: discordTables.format,
      maxPlayers: discordTables.maxPlayers,
      bracket: discordTables.bracket,
      status: discordTables.status,
      sessionId: discordTables.sessionId,
      resultPostedAt: discordTables.resultPostedAt,
      createdAt: discordTables.createdAt,
      updatedAt: discordTables.updatedAt,
      keptOut:
        sql<number>`NOT ${mayJoinTable(userId, sql`other.table_id = discord_tables.id AND other.user_id != ${userId}`, sql`discord_tables.community_id`)}`.as(
          "kept_out",
        ),
      moderated: sql<number>`${keptOutByModerator(userId, sql`discord_tables.community_id`)}`.as("moderated"),
    })
    .from(discordTables)
    .where(sql`${discordTables.id} = ${tableRef}`);
}
type TableQueryRow = Awaited<ReturnType<typeof tableQuery>>[number];
const rowOf = ({ keptOut: _keptOut, moderated: _moderated, ...table }: TableQueryRow): TableRow => table;

export type JoinRefusal = "not_found" | "closed" | "filling" | "full" | "blocked" | "moderated" | "mismatch";
export type JoinResult =
  /** In (now or already); `opened`: this request opened the table. */
  | { kind: "joined" | "already"; read: TableRead; opened: boolean }
  /** This request took the last seat: it makes the room (makeTableRoom). */
  | { kind: "claimed"; read: TableRead }
  | { kind: "refused"; reason: JoinRefusal; read: TableRead | null };

export type JoinOptions = {
  /** `/lfg`: the table to open when the channel has none open (the partial unique index keeps it to one). */
  open?: NewTable;
  /** `/lfg` with options said out loud: join only a table that has them. */
  require?: TableOptions;
  now?: number;
};

/**
 * Takes a place at a table, in one batch: (for `/lfg`) closes the channel's stale table and opens one if none is
 * open, inserts the player if the table is open, has a free seat, has the options asked for and mayJoinTable lets
 * them in, drops any player who may no longer sit with those who came before them, claims the table if it is now
 * full, and reads it back.
 */
export async function joinTable(db: Db, target: TableTarget, player: TablePlayer, options: JoinOptions = {}): Promise<JoinResult> {
  const now = options.now ?? Date.now();
  const t = targetId(target);
  const { open, require } = options;
  const channelId = "channelId" in target ? target.channelId : "";
  const matches = require
    ? sql` AND t.format = ${require.format} AND t.max_players = ${require.maxPlayers} AND coalesce(t.bracket, 0) = ${require.bracket ?? 0}`
    : sql``;
  const [, opened, inserted, , claimed, tables, players] = await db.batch([
    // A stale open table of the channel is closed before a new one may open (only on /lfg: "" is no channel).
    db
      .update(discordTables)
      .set({ status: "closed", updatedAt: now })
      .where(sql`${discordTables.channelId} = ${channelId} AND ${discordTables.status} = 'open' AND ${staleAt(now)}`),
    open
      ? db
          .insert(discordTables)
          .values({ ...open, status: "open", createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: discordTables.id })
      : db
          .select({ id: discordTables.id })
          .from(discordTables)
          .where(sql`0`),
    db
      .insert(discordTablePlayers)
      .select(
        sql`SELECT t.id, ${player.userId}, ${player.discordUserId}, ${now} FROM discord_tables t
          WHERE t.id = ${t} AND t.status = 'open' AND ${playerCount(sql`t.id`)} < t.max_players
            AND ${mayJoinTable(player.userId, sql`other.table_id = t.id AND other.user_id != ${player.userId}`, sql`t.community_id`)}${matches}`,
      )
      .onConflictDoNothing()
      .returning({ tableId: discordTablePlayers.tableId }),
    // A block (or a suspension) that came while they waited: the later of the two leaves, so no room is made with both.
    db
      .delete(discordTablePlayers)
      .where(
        sql`discord_table_players.table_id = ${t} AND NOT ${mayJoinTable(
          sql`discord_table_players.user_id`,
          sql`other.table_id = discord_table_players.table_id AND (other.joined_at, other.rowid) < (discord_table_players.joined_at, discord_table_players.rowid)`,
          sql`(SELECT community_id FROM discord_tables WHERE id = discord_table_players.table_id)`,
        )}`,
      ),
    db
      .update(discordTables)
      .set({ status: "filling", updatedAt: now })
      .where(
        sql`discord_tables.id = ${t} AND discord_tables.status = 'open' AND ${playerCount(sql`discord_tables.id`)} >= discord_tables.max_players`,
      )
      .returning({ id: discordTables.id }),
    tableQuery(db, t, player.userId),
    playersQuery(db, t),
  ]);
  const row = tables[0];
  if (!row) return { kind: "refused", reason: "not_found", read: null };
  const read: TableRead = { table: rowOf(row), players };
  if (claimed.length > 0) return { kind: "claimed", read };
  if (players.some((p) => p.userId === player.userId)) {
    return { kind: inserted.length > 0 ? "joined" : "already", read, opened: opened.some((o) => o.id === row.id) };
  }
  const reason = refusalOf(row, players.length, require);
  // A member a moderator keeps out opened a table nobody sits at: it goes again (a rare path, one more statement).
  if (players.length === 0 && opened.some((o) => o.id === row.id)) {
    await db
      .delete(discordTables)
      .where(sql`${discordTables.id} = ${row.id} AND NOT EXISTS (SELECT 1 FROM discord_table_players p WHERE p.table_id = ${row.id})`);
  }
  return { kind: "refused", reason, read };
}

function refusalOf(row: TableQueryRow, seated: number, require: TableOptions | undefined): JoinRefusal {
  if (row.status === "filling") return "filling";
  if (row.status !== "open") return "closed";
  if (
    require &&
    (row.format !== require.format || row.maxPlayers !== require.maxPlayers || (row.bracket ?? 0) !== (require.bracket ?? 0))
  ) {
    return "mismatch";
  }
  if (Number(row.moderated)) return "moderated";
  if (Number(row.keptOut)) return "blocked";
  return seated >= row.maxPlayers ? "full" : "closed";
}

export type RoomMade = { ok: true; read: TableRead; sessionId: string; roomUrl: string } | { ok: false; message: string; read: TableRead };

/**
 * Makes the room of a table this request claimed (joinTable's "claimed"): a private room of the table's realm,
 * format, bracket and size, hosted by the first player (seated at once) with the others invited. Two round trips
 * (the room service's), then one that records the room on the table. When the room cannot be made (the host's
 * room limit, a refusal), the table opens again without `undoUserId`, whose press did not complete, and the
 * answer says why.
 */
export async function makeTableRoom(
  db: Db,
  read: TableRead,
  room: { name: string; origin: string; undoUserId: string },
  now = Date.now(),
): Promise<RoomMade> {
  const { table, players } = read;
  const [host, ...others] = players;
  try {
    if (!host) throw new DomainError("invalid", "The table has no players");
    const body = createGameSessionBody.parse({
      communityId: table.communityId,
      maxPlayers: table.maxPlayers,
      gameData: { name: room.name, format: table.format, bracket: table.bracket },
      isPrivate: true,
      invitedMemberIds: others.map((p) => p.userId),
    });
    const created = await createRoom(db, host.userId, body);
    const links = roomLinks(room.origin, created, created.invitedMemberIds);
    await db
      .update(discordTables)
      .set({ status: "filled", sessionId: created.id, updatedAt: now })
      .where(and(eq(discordTables.id, table.id), eq(discordTables.status, "filling")));
    return {
      ok: true,
      sessionId: created.id,
      roomUrl: links.inviteUrl ?? links.roomUrl,
      read: { table: { ...table, status: "filled", sessionId: created.id }, players },
    };
  } catch (error) {
    await db.batch([
      db.delete(discordTablePlayers).where(and(eq(discordTablePlayers.tableId, table.id), eq(discordTablePlayers.userId, room.undoUserId))),
      db
        .update(discordTables)
        .set({ status: "open", updatedAt: now })
        .where(and(eq(discordTables.id, table.id), eq(discordTables.status, "filling"))),
    ]);
    const message = error instanceof DomainError ? error.message : "Realmcast could not make the room";
    currentLogger().warn("A Discord table's room could not be made", { tableId: table.id, reason: message });
    if (!(error instanceof DomainError)) throw error;
    return {
      ok: false,
      message,
      read: { table: { ...table, status: "open" }, players: players.filter((p) => p.userId !== room.undoUserId) },
    };
  }
}

/**
 * Leaves an open table (a filling or filled one keeps its players: they leave the room instead). The last player to
 * leave closes it. One batch.
 */
export async function leaveTable(
  db: Db,
  tableId: string,
  userId: string,
  now = Date.now(),
): Promise<{ left: boolean; read: TableRead | null }> {
  const t = sql`${tableId}`;
  const [left, , tables, players] = await db.batch([
    db
      .delete(discordTablePlayers)
      .where(
        sql`discord_table_players.table_id = ${tableId} AND discord_table_players.user_id = ${userId}
          AND EXISTS (SELECT 1 FROM discord_tables t WHERE t.id = ${tableId} AND t.status = 'open')`,
      )
      .returning({ userId: discordTablePlayers.userId }),
    db
      .update(discordTables)
      .set({ status: "closed", updatedAt: now })
      .where(sql`discord_tables.id = ${tableId} AND discord_tables.status = 'open' AND ${playerCount(sql`discord_tables.id`)} = 0`),
    tableQuery(db, t, userId),
    playersQuery(db, t),
  ]);
  const row = tables[0];
  return { left: left.length > 0, read: row ? { table: rowOf(row), players } : null };
}

/** The table as it stands now (one round trip), for the messages sent after an answer. */
export async function readTable(db: Db, tableId: string): Promise<TableRead | null> {
  const t = sql`${tableId}`;
  const [tables, players] = await db.batch([tableQuery(db, t, ""), playersQuery(db, t)]);
  const row = tables[0];
  return row ? { table: rowOf(row), players } : null;
}

/** Records the table's message once the bot posted it. */
export async function setTableMessage(db: Db, tableId: string, messageId: string): Promise<void> {
  await db.update(discordTables).set({ messageId }).where(eq(discordTables.id, tableId));
}

/** Closes a table that cannot be shown (the bot may not post in its channel). */
export async function closeTable(db: Db, tableId: string, now = Date.now()): Promise<void> {
  await db
    .update(discordTables)
    .set({ status: "closed", updatedAt: now })
    .where(and(eq(discordTables.id, tableId), eq(discordTables.status, "open")));
}

import type { ChatMessage, SeatDeck } from "../../workers/contract/room/protocol";
import { CHAT_HISTORY_KEPT, DICE_LOG_KEPT } from "../../workers/contract/room/protocol";
import { toolsFrom, type PlayerTools } from "../../workers/contract/room/commander";

/** `Server#sql`: a tagged template over the room's own SQLite storage. */
export type SqlTag = <T = Record<string, string | number | boolean | null>>(
  strings: TemplateStringsArray,
  ...values: (string | number | boolean | null)[]
) => T[];

export type StoredMember = {
  userId: string;
  role: "player" | "spectator";
  seat: number | null;
  joinedAt: number;
  name: string;
  firstName: string;
  avatar: string | null;
  life: number;
  /** Epoch ms of the moment the member's last socket closed; null while connected. */
  disconnectedAt: number | null;
  /** Commander damage and counters (rules/commander.ts). */
  tools: PlayerTools;
  /** The deck on the seat (the room decides it, room/set-deck.ts; D1's seat row mirrors it), or null. */
  deck: SeatDeck | null;
  /** The room's table version at which it put this deck on the seat; 0 when the deck came from D1. */
  deckVersion: number;
  /** Out of the game (issue 37, room/out-of-game.ts): the room's alone, kept while the member stays. */
  out: boolean;
};

export type RoomMeta = {
  /** The session's last change in D1 (its `updated_at`) when the room stored this (0 for rooms stored before it was kept). */
  version: number;
  hostId: string;
  status: "waiting" | "active" | "completed";
  currentTurn: string | null;
  format: string;
  maxPlayers: number;
  /** Kept by the room itself (D1 does not hold them): when the game started, the designations' holders. */
  startedAt?: number | null;
  monarch?: string | null;
  initiative?: string | null;
  /** When the room's last socket closed, while nobody is connected (the idle close counts from it). */
  emptySince?: number | null;
  /**
   * The room's version of the table facts it decides and mirrors to D1 (the turn, the game's end, decks on seats):
   * one more at each change; `mirroredVersion` is the highest D1 has taken, `mirrorRetryAt` when a failed mirror is
   * tried again (room/table-mirror.ts). Rooms stored before issue 35 have none: 0.
   */
  tableVersion: number;
  mirroredVersion: number;
  mirrorRetryAt?: number | null;
};

/**
 * The room's own tables in its Durable Object's SQLite storage (not D1): members (with life totals), session facts
 * told from D1, the last 200 chat messages and dice log. Everything a hibernated or restarted room needs to pick up
 * where it was. Only RoomState (room-state.ts) uses it, keeping its caches in step.
 */
export class RoomSqlite {
  /**
   * Runs on every start of the room (a wake from hibernation included), so a store that is current costs two reads
   * and writes nothing: the tables there are, then the members' columns, each column added since the first rooms
   * (and the e-mails dropped) only when missing.
   */
  constructor(private readonly sql: SqlTag) {
    const tables = new Set(sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.map((t) => t.name));
    if (!tables.has("members")) {
      sql`CREATE TABLE members (
        user_id TEXT PRIMARY KEY, role TEXT NOT NULL, seat INTEGER, joined_at INTEGER NOT NULL,
        name TEXT NOT NULL, first_name TEXT NOT NULL, avatar TEXT,
        life INTEGER NOT NULL, disconnected_at INTEGER, tools TEXT, deck TEXT, deck_version INTEGER NOT NULL DEFAULT 0,
        out INTEGER NOT NULL DEFAULT 0)`;
    }
    if (!tables.has("meta")) sql`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`;
    if (!tables.has("chat")) sql`CREATE TABLE chat (seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL)`;
    if (!tables.has("dice")) {
      sql`CREATE TABLE dice (seq INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, sides INTEGER NOT NULL, value INTEGER NOT NULL, at INTEGER NOT NULL)`;
    }
    if (tables.has("members"))
      this.upgradeMembers(new Set(sql<{ name: string }>`SELECT name FROM pragma_table_info('members')`.map((c) => c.name)));
  }

  /** The members table of a room stored by an older version of the room, brought up to date once. */
  private upgradeMembers(columns: ReadonlySet<string>): void {
    // Rooms created before e-mails were kept out of frames stored each member's address and put it in every chat
    // message: drop both.
    if (columns.has("email")) {
      this.sql`ALTER TABLE members DROP COLUMN email`;
      this.sql`UPDATE chat SET body = json_remove(body, '$.sender.email')`;
    }
    // Before the Commander tools, decks on seats (issue 26) and the room deciding them (issue 35).
    if (!columns.has("tools")) this.sql`ALTER TABLE members ADD COLUMN tools TEXT`;
    if (!columns.has("deck")) this.sql`ALTER TABLE members ADD COLUMN deck TEXT`;
    if (!columns.has("deck_version")) this.sql`ALTER TABLE members ADD COLUMN deck_version INTEGER NOT NULL DEFAULT 0`;
    // Before players went out of the game (issue 37).
    if (!columns.has("out")) this.sql`ALTER TABLE members ADD COLUMN out INTEGER NOT NULL DEFAULT 0`;
  }

  meta(): RoomMeta | null {
    const row = this.sql<{ value: string }>`SELECT value FROM meta WHERE key = 'session'`[0];
    return row ? ({ version: 0, tableVersion: 0, mirroredVersion: 0, ...(JSON.parse(row.value) as Partial<RoomMeta>) } as RoomMeta) : null;
  }

  saveMeta(meta: RoomMeta): void {
    this.sql`INSERT INTO meta (key, value) VALUES ('session', ${JSON.stringify(meta)})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
  }

  members(): StoredMember[] {
    return this.sql<{
      user_id: string;
      role: "player" | "spectator";
      seat: number | null;
      joined_at: number;
      name: string;
      first_name: string;
      avatar: string | null;
      life: number;
      disconnected_at: number | null;
      tools: string | null;
      deck: string | null;
      deck_version: number;
      out: number;
    }>`SELECT * FROM members`.map((r) => ({
      userId: r.user_id,
      role: r.role,
      seat: r.seat,
      joinedAt: r.joined_at,
      name: r.name,
      firstName: r.first_name,
      avatar: r.avatar,
      life: r.life,
      disconnectedAt: r.disconnected_at,
      tools: toolsFrom(r.tools ? JSON.parse(r.tools) : null),
      deck: r.deck ? storedDeck(JSON.parse(r.deck) as Partial<SeatDeck> & Omit<SeatDeck, "bracket">) : null,
      deckVersion: r.deck_version,
      out: r.out === 1,
    }));
  }

  /**
   * Replaces the member list with D1's (decks as the room merged them), keeping life totals and presence of those who
   * stay. `current` is the list as stored (the caller's cache): only members who came, went or changed are written,
   * since every place change (each arrival in a filling room) brings the whole list.
   */
  replaceMembers(
    next: Omit<StoredMember, "life" | "disconnectedAt" | "tools" | "out">[],
    startingLife: number,
    current: readonly StoredMember[] = this.members(),
  ): void {
    const keep = new Set(next.map((m) => m.userId));
    for (const old of current) if (!keep.has(old.userId)) this.sql`DELETE FROM members WHERE user_id = ${old.userId}`;
    const stored = new Map(current.map((m) => [m.userId, m]));
    for (const m of next) {
      const deck = m.deck ? JSON.stringify(m.deck) : null;
      const was = stored.get(m.userId);
      if (was && sameSyncedFields(was, m, deck)) continue;
      this.sql`INSERT INTO members (user_id, role, seat, joined_at, name, first_name, avatar, life, disconnected_at, deck, deck_version)
        VALUES (${m.userId}, ${m.role}, ${m.seat}, ${m.joinedAt}, ${m.name}, ${m.firstName}, ${m.avatar}, ${startingLife}, NULL, ${deck}, ${m.deckVersion})
        ON CONFLICT (user_id) DO UPDATE SET role = excluded.role, seat = excluded.seat, joined_at = excluded.joined_at,
          name = excluded.name, first_name = excluded.first_name, avatar = excluded.avatar, deck = excluded.deck,
          deck_version = excluded.deck_version`;
    }
  }

  /** The deck the room put on a seat, and the table version it did so at. */
  setDeck(userId: string, deck: SeatDeck | null, version: number): void {
    this.sql`UPDATE members SET deck = ${deck ? JSON.stringify(deck) : null}, deck_version = ${version} WHERE user_id = ${userId}`;
  }

  setLife(userId: string, life: number): void {
    this.sql`UPDATE members SET life = ${life} WHERE user_id = ${userId}`;
  }

  setOut(userId: string, out: boolean): void {
    this.sql`UPDATE members SET out = ${out ? 1 : 0} WHERE user_id = ${userId}`;
  }

  setTools(userId: string, tools: PlayerTools): void {
    this.sql`UPDATE members SET tools = ${JSON.stringify(tools)} WHERE user_id = ${userId}`;
  }

  setDisconnectedAt(userId: string, at: number | null): void {
    this.sql`UPDATE members SET disconnected_at = ${at} WHERE user_id = ${userId}`;
  }

  /** Lines in the order sent, then the history trimmed to its newest CHAT_HISTORY_KEPT. */
  appendChats(messages: readonly ChatMessage[]): void {
    if (messages.length === 0) return;
    // One statement for the lot (json_each keeps their order): a statement per line cost the room's thread a
    // call into storage each, while frames waited behind them.
    this.sql`INSERT INTO chat (body) SELECT value FROM json_each(${JSON.stringify(messages.map((m) => JSON.stringify(m)))}) ORDER BY key`;
    this.sql`DELETE FROM chat WHERE seq <= (SELECT max(seq) FROM chat) - ${CHAT_HISTORY_KEPT}`;
  }

  /** The newest `limit` messages, oldest first. */
  recentChat(limit: number): ChatMessage[] {
    return this.sql<{ body: string }>`SELECT body FROM (SELECT seq, body FROM chat ORDER BY seq DESC LIMIT ${limit}) ORDER BY seq`.map(
      (r) => JSON.parse(r.body) as ChatMessage,
    );
  }

  chatCount(): number {
    return this.sql<{ n: number }>`SELECT count(*) AS n FROM chat`[0].n;
  }

  logDice(userId: string, sides: number, value: number, at: number): void {
    this.sql`INSERT INTO dice (user_id, sides, value, at) VALUES (${userId}, ${sides}, ${value}, ${at})`;
    this.sql`DELETE FROM dice WHERE seq <= (SELECT max(seq) FROM dice) - ${DICE_LOG_KEPT}`;
  }
}

/** Whether a stored member already holds what D1 now says of them (`deck` serialized as stored). */
function sameSyncedFields(
  was: StoredMember,
  now: Omit<StoredMember, "life" | "disconnectedAt" | "tools" | "out">,
  deck: string | null,
): boolean {
  return (
    was.role === now.role &&
    was.seat === now.seat &&
    was.joinedAt === now.joinedAt &&
    was.name === now.name &&
    was.firstName === now.firstName &&
    was.avatar === now.avatar &&
    was.deckVersion === now.deckVersion &&
    (was.deck ? JSON.stringify(was.deck) : null) === deck
  );
}

/** A deck stored before Rule 0 (issue 27) has no bracket: not said. */
function storedDeck(deck: Partial<SeatDeck> & Omit<SeatDeck, "bracket">): SeatDeck {
  return { ...deck, bracket: deck.bracket ?? null };
}

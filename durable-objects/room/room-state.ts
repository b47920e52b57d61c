import type { ChatMessage, SeatDeck } from "../../workers/contract/room/protocol";
import { emptyTools, noDesignations, type Designations } from "../../workers/contract/room/commander";
import type { RoomSnapshot } from "../../workers/domain/rooms/room-d1";
import { RoomSqlite, type RoomMeta, type SqlTag, type StoredMember } from "./room-sqlite";
import { ChatHistory, type Timers } from "./chat-history";
import { startingLife } from "../rules/life";
import { roomFromSnapshot } from "./snapshot";

/**
 * The room's state as its parts read and change it (`ctx.roomState`): the one owner of its own SQLite tables
 * (RoomSqlite, room-sqlite.ts) and of the in-memory caches of its members and session facts (rebuilt from those
 * tables after hibernation). Every write goes through here, so the tables and the caches agree. What the room asks
 * of D1 is elsewhere (workers/domain/rooms/room-d1.ts).
 * Chat lines wait in ChatHistory and go into the next commit the room makes
 * (every other write here takes them along), or into their own after a pause.
 */
export class RoomState {
  private sqlite: RoomSqlite;
  private chat: ChatHistory;
  private memberCache: Map<string, StoredMember> | null = null;
  private metaCache: RoomMeta | null = null;

  constructor(
    private readonly sql: SqlTag,
    private readonly timers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (t) => clearTimeout(t as number) },
  ) {
    this.sqlite = new RoomSqlite(sql);
    this.chat = new ChatHistory(this.sqlite, timers);
  }

  /** After the room's storage was deleted: fresh tables, nothing cached or waiting. */
  reset(): void {
    this.chat.discard();
    this.sqlite = new RoomSqlite(this.sql);
    this.chat = new ChatHistory(this.sqlite, this.timers);
    this.memberCache = null;
    this.metaCache = null;
  }

  members(): StoredMember[] {
    if (!this.memberCache) this.memberCache = new Map(this.sqlite.members().map((m) => [m.userId, m]));
    return [...this.memberCache.values()];
  }

  member(userId: string): StoredMember | undefined {
    if (!this.memberCache) this.members();
    return this.memberCache!.get(userId);
  }

  meta(): RoomMeta | null {
    if (!this.metaCache) this.metaCache = this.sqlite.meta();
    return this.metaCache;
  }

  saveMeta(meta: RoomMeta): void {
    this.chat.flush();
    this.sqlite.saveMeta(meta);
    this.metaCache = meta;
  }

  /** Who holds the monarch and the initiative. */
  designations(): Designations {
    const meta = this.meta();
    return { ...noDesignations(), monarch: meta?.monarch ?? null, initiative: meta?.initiative ?? null };
  }

  /**
   * Stores what D1 holds of the room: session facts and members, merged with the table the room decides (turn, the
   * game's end, decks on seats: room/snapshot.ts roomFromSnapshot); life totals and presence of those who stay are kept.
   */
  applySnapshot(snapshot: RoomSnapshot, nobodyConnected: boolean): RoomMeta {
    this.chat.flush();
    const before = this.members();
    const { meta, members } = roomFromSnapshot({ meta: this.meta(), members: before }, snapshot, nobodyConnected, Date.now());
    this.sqlite.saveMeta(meta);
    this.metaCache = meta;
    const life = startingLife(meta.format);
    this.sqlite.replaceMembers(members, life, before);
    // The cache as the store now holds it (what stays is kept, a newcomer starts fresh), so a burst of place changes
    // never reads the whole list back from storage once each.
    const prior = new Map(before.map((m) => [m.userId, m]));
    this.memberCache = new Map(
      members.map((m) => {
        const kept = prior.get(m.userId);
        return [
          m.userId,
          {
            ...m,
            life: kept?.life ?? life,
            disconnectedAt: kept?.disconnectedAt ?? null,
            tools: kept?.tools ?? emptyTools(),
            out: kept?.out ?? false,
          },
        ];
      }),
    );
    return meta;
  }

  /**
   * The table facts the room decides and mirrors to D1 change together with the room's version of them, in the
   * same synchronous write as the change (room/table-mirror.ts mirrors them after the broadcast).
   */
  setTurn(next: string | null): RoomMeta {
    const meta = this.meta()!;
    return this.saveTable({ ...meta, currentTurn: next });
  }

  /** The game is over (the host ended it): the room's status, mirrored to D1 like the turn. */
  completeGame(): RoomMeta {
    return this.saveTable({ ...this.meta()!, status: "completed" });
  }

  /** Puts a deck (or none) on a member's seat. */
  setDeck(member: StoredMember, deck: SeatDeck | null): void {
    const meta = this.saveTable(this.meta()!);
    this.sqlite.setDeck(member.userId, deck, meta.tableVersion);
    this.memberCache?.set(member.userId, { ...member, deck, deckVersion: meta.tableVersion });
  }

  private saveTable(meta: RoomMeta): RoomMeta {
    const next = { ...meta, tableVersion: meta.tableVersion + 1 };
    this.saveMeta(next);
    return next;
  }

  /** D1 has taken the table up to `version` (or a failed mirror waits for `retryAt`). */
  markMirrored(version: number): void {
    const meta = this.meta();
    if (meta && (meta.mirroredVersion < version || meta.mirrorRetryAt)) {
      this.saveMeta({ ...meta, mirroredVersion: Math.max(meta.mirroredVersion, version), mirrorRetryAt: null });
    }
  }

  setMirrorRetry(retryAt: number): void {
    const meta = this.meta();
    if (meta) this.saveMeta({ ...meta, mirrorRetryAt: retryAt });
  }

  setLife(member: StoredMember, life: number): number {
    this.chat.flush();
    this.sqlite.setLife(member.userId, life);
    this.memberCache?.set(member.userId, { ...member, life });
    return life;
  }

  /** Puts a player out of the game or brings them back: a table fact, mirrored to D1 like the turn (issue 37). */
  setOut(member: StoredMember, out: boolean): void {
    this.saveTable(this.meta()!);
    this.sqlite.setOut(member.userId, out);
    this.memberCache?.set(member.userId, { ...member, out });
  }

  setTools(member: StoredMember, tools: StoredMember["tools"]): void {
    this.chat.flush();
    this.sqlite.setTools(member.userId, tools);
    this.memberCache?.set(member.userId, { ...member, tools });
  }

  setDisconnectedAt(userId: string, at: number | null): void {
    this.chat.flush();
    this.sqlite.setDisconnectedAt(userId, at);
    const cached = this.memberCache?.get(userId);
    if (cached) this.memberCache!.set(userId, { ...cached, disconnectedAt: at });
  }

  appendChat(message: ChatMessage): void {
    this.chat.append(message);
  }

  recentChat(limit: number): ChatMessage[] {
    return this.chat.recent(limit);
  }

  logDice(userId: string, sides: number, value: number, at: number): void {
    this.chat.flush();
    this.sqlite.logDice(userId, sides, value, at);
  }
}

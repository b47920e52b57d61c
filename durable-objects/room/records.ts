import type { ChatMessage, SeatDeck } from "../../workers/contract/room/protocol";
import { emptyTools, noDesignations, type Designations } from "../../workers/contract/room/commander";
import type { RoomSnapshot } from "../../workers/domain/rooms/room-records";
import { RoomStore, type RoomMeta, type SqlTag, type StoredMember } from "../room-store";
import { ChatHistory, type Timers } from "./chat-history";
import { startingLife } from "../rules/life";
import { roomFromSnapshot } from "./snapshot";

/**
 * The room's records: the one owner of its RoomStore and of the in-memory
 * caches of its members and session facts (rebuilt from storage after
 * hibernation). Every write goes through here, so storage and caches agree.
 * Chat lines wait in ChatHistory and go into the next commit the room makes
 * (every other write here takes them along), or into their own after a pause.
 */
export class RoomRecords {
  private store: RoomStore;
  private chat: ChatHistory;
  private memberCache: Map<string, StoredMember> | null = null;
  private metaCache: RoomMeta | null = null;

  constructor(
    private readonly sql: SqlTag,
    private readonly timers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (t) => clearTimeout(t as number) },
  ) {
    this.store = new RoomStore(sql);
    this.chat = new ChatHistory(this.store, timers);
  }

  /** After the room's storage was deleted: a fresh store, nothing cached or waiting. */
  reset(): void {
    this.chat.discard();
    this.store = new RoomStore(this.sql);
    this.chat = new ChatHistory(this.store, this.timers);
    this.memberCache = null;
    this.metaCache = null;
  }

  members(): StoredMember[] {
    if (!this.memberCache) this.memberCache = new Map(this.store.members().map((m) => [m.userId, m]));
    return [...this.memberCache.values()];
  }

  member(userId: string): StoredMember | undefined {
    if (!this.memberCache) this.members();
    return this.memberCache!.get(userId);
  }

  meta(): RoomMeta | null {
    if (!this.metaCache) this.metaCache = this.store.meta();
    return this.metaCache;
  }

  saveMeta(meta: RoomMeta): void {
    this.chat.flush();
    this.store.saveMeta(meta);
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
    this.store.saveMeta(meta);
    this.metaCache = meta;
    const life = startingLife(meta.format);
    this.store.replaceMembers(members, life, before);
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
    this.store.setDeck(member.userId, deck, meta.tableVersion);
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
    this.store.setLife(member.userId, life);
    this.memberCache?.set(member.userId, { ...member, life });
    return life;
  }

  /** Puts a player out of the game or brings them back: a table fact, mirrored to D1 like the turn (issue 37). */
  setOut(member: StoredMember, out: boolean): void {
    this.saveTable(this.meta()!);
    this.store.setOut(member.userId, out);
    this.memberCache?.set(member.userId, { ...member, out });
  }

  setTools(member: StoredMember, tools: StoredMember["tools"]): void {
    this.chat.flush();
    this.store.setTools(member.userId, tools);
    this.memberCache?.set(member.userId, { ...member, tools });
  }

  setDisconnectedAt(userId: string, at: number | null): void {
    this.chat.flush();
    this.store.setDisconnectedAt(userId, at);
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
    this.store.logDice(userId, sides, value, at);
  }
}

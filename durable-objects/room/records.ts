import type { ChatMessage } from "../../workers/contract/room/protocol";
import { noDesignations, type Designations } from "../../workers/contract/room/commander";
import type { RoomSnapshot } from "../../workers/domain/room-records";
import { RoomStore, type RoomMeta, type SqlTag, type StoredMember } from "../room-store";
import { startingLife } from "../rules/life";
import { membersFromSnapshot, metaFromSnapshot } from "./snapshot";

/**
 * The room's records: the one owner of its RoomStore and of the in-memory
 * caches of its members and session facts (rebuilt from storage after
 * hibernation). Every write goes through here, so storage and caches agree.
 */
export class RoomRecords {
  private store: RoomStore;
  private memberCache: Map<string, StoredMember> | null = null;
  private metaCache: RoomMeta | null = null;

  constructor(private readonly sql: SqlTag) {
    this.store = new RoomStore(sql);
  }

  /** After the room's storage was deleted: a fresh store, nothing cached. */
  reset(): void {
    this.store = new RoomStore(this.sql);
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
    this.store.saveMeta(meta);
    this.metaCache = meta;
  }

  /** Who holds the monarch and the initiative. */
  designations(): Designations {
    const meta = this.meta();
    return { ...noDesignations(), monarch: meta?.monarch ?? null, initiative: meta?.initiative ?? null };
  }

  /** Stores what D1 holds of the room: session facts and members (life totals and presence of those who stay are kept). */
  applySnapshot(snapshot: RoomSnapshot, nobodyConnected: boolean): RoomMeta {
    const meta = metaFromSnapshot(this.meta(), snapshot, nobodyConnected, Date.now());
    this.store.saveMeta(meta);
    this.metaCache = meta;
    this.memberCache = null;
    this.store.replaceMembers(membersFromSnapshot(snapshot.members), startingLife(meta.format));
    return meta;
  }

  setLife(member: StoredMember, life: number): number {
    this.store.setLife(member.userId, life);
    this.memberCache?.set(member.userId, { ...member, life });
    return life;
  }

  setTools(member: StoredMember, tools: StoredMember["tools"]): void {
    this.store.setTools(member.userId, tools);
    this.memberCache?.set(member.userId, { ...member, tools });
  }

  setDisconnectedAt(userId: string, at: number | null): void {
    this.store.setDisconnectedAt(userId, at);
    const cached = this.memberCache?.get(userId);
    if (cached) this.memberCache!.set(userId, { ...cached, disconnectedAt: at });
  }

  appendChat(message: ChatMessage): void {
    this.store.appendChat(message);
  }

  recentChat(limit: number): ChatMessage[] {
    return this.store.recentChat(limit);
  }

  logDice(userId: string, sides: number, value: number, at: number): void {
    this.store.logDice(userId, sides, value, at);
  }
}

import type { ChatMessage } from "../../workers/contract/room/protocol";

/** Where the history is kept for good (RoomSqlite). */
export interface ChatStore {
  appendChats(messages: readonly ChatMessage[]): void;
  recentChat(limit: number): ChatMessage[];
}

/** setTimeout and clearTimeout, given so tests can drive the clock. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** A busy room writes its lines sixteen at a time, in the event of the line that fills the batch, after its broadcast. */
export const CHAT_WRITE_BATCH = 16;
/** A quieter room writes what waits after a quarter second without a line, and at the latest a second after the oldest. */
export const CHAT_WRITE_QUIET_MS = 250;
export const CHAT_WRITE_LATEST_MS = 1_000;

/**
 * The room's chat history: lines are kept in memory as they are sent and written to storage together, in one
 * statement: every CHAT_WRITE_BATCH lines, after a quarter second without a line, at the latest a second after the oldest,
 * or with the room's next other write (which commits anyway). Reads see stored and waiting lines alike.
 *
 * Why not one write per line: every storage write closes the Durable Object's output gate until it commits,
 * and SQLite-backed objects have no write the gate skips (workerd's ActorSqlite ignores `allowUnconfirmed`).
 * With four players talking, a commit per line put the room at 1.2x to 1.4x the bare relay's p50
 * (bench/room-fanout.mjs --senders 4). Why not fewer, larger writes from a timer alone: five seconds' lines in
 * one commit cut p50 as much but halved the room's saturation rate (docs/decisions/2026-11-27-room-chat-history-writes.md).
 * A line is on every socket before it is stored, so what a crash can cost is the waiting lines (at most
 * fifteen, or a second's worth) in the history a later joiner reads.
 */
export class ChatHistory {
  private pending: ChatMessage[] = [];
  /** The store held no line when last read (and none was written since). */
  private storedEmpty = false;
  private timer: unknown = null;
  private oldestAt = 0;
  private newestAt = 0;

  constructor(
    private readonly store: ChatStore,
    private readonly timers: Timers,
    private readonly now: () => number = Date.now,
  ) {}

  append(message: ChatMessage): void {
    this.newestAt = this.now();
    if (this.pending.length === 0) this.oldestAt = this.newestAt;
    this.pending.push(message);
    if (this.pending.length >= CHAT_WRITE_BATCH) return this.flush();
    // One timer at a time, not one per line: when it fires it writes, or waits on if lines came since.
    if (this.timer === null) this.arm();
  }

  /**
   * The newest `limit` lines, oldest first: those stored, then those waiting. A history found empty is not read
   * again until a line is stored (every joiner of a new room asks for it).
   */
  recent(limit: number): ChatMessage[] {
    const waiting = this.pending.slice(-limit);
    const stored = waiting.length < limit && !this.storedEmpty ? this.store.recentChat(limit - waiting.length) : [];
    this.storedEmpty = stored.length === 0 && waiting.length < limit;
    return [...stored, ...waiting];
  }

  /** Writes what is waiting now (the room is writing something else in this same commit, or is going quiet). */
  flush(): void {
    this.cancel();
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.store.appendChats(lines);
    this.storedEmpty = false;
  }

  /** The room's storage is gone: what waits goes with it. */
  discard(): void {
    this.cancel();
    this.pending = [];
  }

  /** CHAT_WRITE_QUIET_MS after the newest line, or CHAT_WRITE_LATEST_MS after the oldest, whichever comes first. */
  private due(): number {
    return Math.min(this.newestAt + CHAT_WRITE_QUIET_MS, this.oldestAt + CHAT_WRITE_LATEST_MS);
  }

  private arm(): void {
    this.timer = this.timers.set(
      () => {
        this.timer = null;
        if (this.now() >= this.due()) this.flush();
        else this.arm();
      },
      Math.max(0, this.due() - this.now()),
    );
  }

  private cancel(): void {
    if (this.timer === null) return;
    this.timers.clear(this.timer);
    this.timer = null;
  }
}

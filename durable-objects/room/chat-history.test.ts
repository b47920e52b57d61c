import { describe, expect, it } from "vitest";
import { CHAT_HISTORY_KEPT, type ChatMessage } from "../../workers/contract/room/protocol";
import { CHAT_WRITE_BATCH, CHAT_WRITE_LATEST_MS, CHAT_WRITE_QUIET_MS, ChatHistory, type ChatStore } from "./chat-history";

const line = (n: number): ChatMessage => ({
  id: `m${n}`,
  sender: { id: "u1", firstName: "Ann", profileImageUrl: null },
  content: `line ${n}`,
  timestamp: new Date(n).toISOString(),
  type: "chat",
});

/** A store that keeps what it is given and counts its writes (each write is one commit in the room). */
function memoryStore() {
  const rows: ChatMessage[] = [];
  const store = {
    rows,
    writes: 0,
    appendChats(messages: readonly ChatMessage[]) {
      store.writes++;
      rows.push(...messages);
      rows.splice(0, Math.max(0, rows.length - CHAT_HISTORY_KEPT));
    },
    reads: 0,
    recentChat: (limit: number) => {
      store.reads++;
      return rows.slice(-limit);
    },
  };
  return store satisfies ChatStore;
}

/** A clock and timers the test moves by hand. */
function manualTime() {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    pending: () => due.size,
    timers: {
      set: (run: () => void, ms: number) => {
        due.set(next, { at: now + ms, run });
        return next++;
      },
      clear: (handle: unknown) => void due.delete(handle as number),
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const first = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!first) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].run();
      }
      now = until;
    },
  };
}

/** A history over a memory store, on a clock the test moves. */
function historyOnManualTime() {
  const store = memoryStore();
  const time = manualTime();
  return { store, time, history: new ChatHistory(store, time.timers, time.now) };
}

describe("ChatHistory", () => {
  it("writes the lines of a burst in one write once the room is quiet, and reads them back in order meanwhile", () => {
    const { store, time, history } = historyOnManualTime();
    for (let n = 1; n <= 5; n++) {
      history.append(line(n));
      time.advance(CHAT_WRITE_QUIET_MS / 5);
    }
    expect(store.writes).toBe(0);
    expect(history.recent(3).map((m) => m.id)).toEqual(["m3", "m4", "m5"]);
    time.advance(CHAT_WRITE_QUIET_MS);
    expect(store.writes).toBe(1);
    expect(store.rows.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(time.pending()).toBe(0);
  });

  it("reads an empty history once (every joiner of a new room asks), and again once a line is stored", () => {
    const { store, history } = historyOnManualTime();
    for (let i = 0; i < 5; i++) expect(history.recent(100)).toEqual([]);
    expect(store.reads).toBe(1);
    history.append(line(1));
    expect(history.recent(100).map((m) => m.id)).toEqual(["m1"]);
    history.flush();
    expect(history.recent(100).map((m) => m.id)).toEqual(["m1"]);
    expect(store.reads).toBe(2);
  });

  it("keeps one timer however many lines wait", () => {
    const { time, history } = historyOnManualTime();
    for (let n = 1; n < CHAT_WRITE_BATCH; n++) history.append(line(n));
    expect(time.pending()).toBe(1);
  });

  it(`writes a conversation that never pauses at most ${CHAT_WRITE_LATEST_MS} ms after its oldest waiting line`, () => {
    const { store, time, history } = historyOnManualTime();
    const writtenAt: number[] = [];
    // Never a quiet moment, and slower than a batch fills before the latest write is due.
    const gap = CHAT_WRITE_QUIET_MS / 2;
    expect(CHAT_WRITE_BATCH * gap).toBeGreaterThan(CHAT_WRITE_LATEST_MS);
    for (let n = 1; n <= 60; n++) {
      history.append(line(n));
      const before = store.writes;
      time.advance(gap);
      if (store.writes > before) writtenAt.push(time.now());
    }
    expect(writtenAt.length).toBeGreaterThanOrEqual(2);
    expect(writtenAt[0]).toBeLessThanOrEqual(CHAT_WRITE_LATEST_MS + gap);
    for (let i = 1; i < writtenAt.length; i++) expect(writtenAt[i] - writtenAt[i - 1]).toBeLessThanOrEqual(CHAT_WRITE_LATEST_MS + gap);
    expect(store.writes).toBeGreaterThanOrEqual(4);
    time.advance(CHAT_WRITE_QUIET_MS);
    expect(store.rows.map((m) => m.id)).toEqual(Array.from({ length: 60 }, (_, i) => `m${i + 1}`));
  });

  it("reads the stored lines before the waiting ones, and flush writes at once", () => {
    const { store, time, history } = historyOnManualTime();
    history.append(line(1));
    history.append(line(2));
    history.flush();
    expect(store.writes).toBe(1);
    expect(time.pending()).toBe(0);
    history.append(line(3));
    expect(history.recent(10).map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(history.recent(1).map((m) => m.id)).toEqual(["m3"]);
    history.flush();
    history.flush();
    expect(store.writes).toBe(2);
  });

  it(`writes a busy room's lines ${CHAT_WRITE_BATCH} at a time, at once, without waiting for the timer`, () => {
    const { store, time, history } = historyOnManualTime();
    for (let n = 1; n < CHAT_WRITE_BATCH; n++) history.append(line(n));
    expect(store.writes).toBe(0);
    history.append(line(CHAT_WRITE_BATCH));
    expect(store.writes).toBe(1);
    expect(store.rows).toHaveLength(CHAT_WRITE_BATCH);
    expect(time.pending()).toBe(0);
    for (let n = CHAT_WRITE_BATCH + 1; n <= CHAT_HISTORY_KEPT + 10; n++) history.append(line(n));
    expect(history.recent(CHAT_HISTORY_KEPT)).toHaveLength(CHAT_HISTORY_KEPT);
    expect(history.recent(1)[0].id).toBe(`m${CHAT_HISTORY_KEPT + 10}`);
  });

  it("drops waiting lines and their timer when the room's storage is deleted", () => {
    const { store, time, history } = historyOnManualTime();
    history.append(line(1));
    history.append(line(2));
    history.discard();
    expect(time.pending()).toBe(0);
    time.advance(CHAT_WRITE_LATEST_MS);
    expect(store.writes).toBe(0);
    expect(history.recent(5)).toEqual([]);
  });
});

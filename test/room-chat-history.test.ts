import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_WRITE_BATCH } from "../durable-objects/room/chat-history";
import type { Member } from "./helpers";
import { closeAllSockets, joinRoom, ofType, signUp, createRoom } from "./room-socket";

/**
 * The room's chat history through the real room and its SQLite storage: lines wait in memory and are written
 * together (durable-objects/room/chat-history.ts), so these check they do reach storage, and survive the room
 * leaving memory.
 */

afterEach(() => closeAllSockets());

const roomStub = (id: string) => env.GameRoom.get(env.GameRoom.idFromName(id));
/** The lines in the room's own storage, oldest first. */
const storedLines = (id: string) =>
  runInDurableObject(roomStub(id), (_room, state) =>
    state.storage.sql
      .exec<{ body: string }>("SELECT body FROM chat ORDER BY seq")
      .toArray()
      .map((r) => (JSON.parse(r.body) as { content: string }).content),
  );

const newRoom = (host: Member) => createRoom(host, { name: "Chatty pod" });

describe("the room's chat history", () => {
  it("writes waiting lines on its own after a quiet moment, and a later joiner reads them after the room left memory", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const id = await newRoom(ann);
    const a = await joinRoom(ann, id);
    const b = await joinRoom(ben, id);
    for (const content of ["one", "two", "three"]) a.socket.send({ type: "message", content });
    await b.socket.next((f) => f.type === "message" && f.message.content === "three");
    // Sent to everyone at once; in storage once the room's timer wrote them (a state waited for, not a time).
    await vi.waitFor(async () => expect(await storedLines(id)).toEqual(["one", "two", "three"]), { timeout: 10_000, interval: 200 });

    await evictDurableObject(roomStub(id));
    const later = await joinRoom(ben, id);
    expect(later.state.messages.map((m: { content: string }) => m.content)).toEqual(["one", "two", "three"]);
  });

  it("takes waiting lines along in the room's next other write", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const id = await newRoom(ann);
    const a = await joinRoom(ann, id);
    const b = await joinRoom(ben, id);
    a.socket.send({ type: "message", content: "said first" });
    await b.socket.next((f) => f.type === "message" && f.message.content === "said first");

    a.socket.send({ type: "game_action", action: "life_change", data: { delta: -3 } });
    await b.socket.next((f) => f.type === "game_action" && f.action === "life_change");
    // The life total's write carried the line: stored now, without waiting for the timer.
    expect(await storedLines(id)).toContain("said first");
    expect((await b.socket.next(ofType("message"))).message.content).toMatch(/life/);
  });

  it(`never lets more than ${CHAT_WRITE_BATCH - 1} lines wait: a busy room's batch is written as it fills`, async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const id = await newRoom(ann);
    const a = await joinRoom(ann, id);
    const b = await joinRoom(ben, id);
    const lines = Array.from({ length: CHAT_WRITE_BATCH * 1.5 }, (_, i) => `busy ${i + 1}`);
    for (const content of lines) a.socket.send({ type: "message", content });
    await b.socket.next((f) => f.type === "message" && f.message.content === lines.at(-1));
    // How many the room's timer wrote on its own depends on how fast the lines came (a slow machine spaces them
    // out); what does not: the stored lines are the first ones, in order, and fewer than a batch are left waiting.
    const stored = await storedLines(id);
    expect(stored).toEqual(lines.slice(0, stored.length));
    expect(lines.length - stored.length).toBeLessThan(CHAT_WRITE_BATCH);
  });
});

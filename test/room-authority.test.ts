import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { GameRoom } from "../durable-objects/game-room";
import { ROOM_CLOSE } from "../workers/contract/room/close-codes";
import { getDb } from "../workers/db/client";
import { mirrorTable } from "../workers/domain/rooms/room-d1";
import type { Member } from "./helpers";
import { closeAllSockets, createRoom, d1Table, joinRoom, mirrored, ofType, signUp, type Frame, type TestSocket } from "./room-socket";
import { submitForm } from "./single-fetch";

/**
 * Issue 35, one authority for the table: frames that race each other over real sockets. The room checks and applies
 * each frame against its own state in one step no other frame interleaves with, broadcasts it, and only then
 * mirrors it to D1; so every frame is applied exactly once, every client sees the same order, and D1 agrees with
 * the room once its mirror has caught up (waited for as a state: D1 is read until it matches, the timeout only
 * bounds a failure).
 */

afterEach(() => closeAllSockets());

type Seated = { member: Member; socket: TestSocket; seat: number };

/** Four seated players (Ann hosts) and a spectator, all connected, the game started. */
async function table() {
  const [ann, ben, cat, dan, fan] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat"), signUp("Dan"), signUp("Fan")]);
  const id = await createRoom(ann, { maxPlayers: 4 });
  const joined: Awaited<ReturnType<typeof joinRoom>>[] = [];
  for (const m of [ann, ben, cat, dan]) joined.push(await joinRoom(m, id));
  const watcher = await joinRoom(fan, id, "spectate");
  expect((await submitForm(`/tablesync/room/${id}`, ann, { intent: "start" })).status).toBe(200);
  const started = await watcher.socket.next(ofType("game_started"));
  const seatOf = (userId: string) => (watcher.state.players as Frame[]).find((p) => p.id === userId)!.seat as number;
  const players: Seated[] = [ann, ben, cat, dan].map((member, i) => ({ member, socket: joined[i].socket, seat: seatOf(member.id) }));
  const bySeat = [...players].sort((a, b) => a.seat - b.seat);
  /** The seated player after `userId`, wrapping (every player is connected, so a pass moves exactly one seat on). */
  const after = (userId: string) => bySeat[(bySeat.findIndex((p) => p.member.id === userId) + 1) % bySeat.length].member.id;
  const socketOf = (userId: string) => players.find((p) => p.member.id === userId)!.socket;
  return { id, ann, players, watcher: watcher.socket, firstPlayer: started.firstPlayer as string, after, socketOf };
}

const pass = (socket: TestSocket) => socket.send({ type: "game_action", action: "pass_turn", data: {} });
const framesOf = (socket: TestSocket, types: string[]) => socket.frames.filter((f) => types.includes(f.type));
/** Waits until `socket` has received `count` frames of these types (a state; the timeout only bounds a failure). */
const received = (socket: TestSocket, types: string[], count: number) =>
  expect.poll(() => framesOf(socket, types).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);

describe("one authority for the table", () => {
  it("50 simultaneous pass-turn pairs: each pass applied once, one order for every client, D1 the same", async () => {
    const { id, ann, players, watcher, firstPlayer, after, socketOf } = await table();
    let holder = firstPlayer;
    let accepted = 0;
    let refused = 0;
    for (let trial = 0; trial < 50; trial++) {
      // The turn's holder and the host press at the same moment (when the host holds the turn, the next player does).
      const pair = holder === ann.id ? [ann.id, after(ann.id)] : [holder, ann.id];
      // Either may press first: the order alternates, so each is sometimes the one that arrives second.
      for (const userId of trial % 2 === 0 ? pair : [...pair].reverse()) pass(socketOf(userId));
      for (const userId of pair) {
        const outcome = await socketOf(userId).next((f) => (f.type === "turn_change" && f.by === userId) || f.type === "error");
        if (outcome.type === "error") {
          expect(outcome).toMatchObject({ code: "forbidden" });
          refused++;
        } else accepted++;
      }
      await received(watcher, ["turn_change"], accepted);
      holder = framesOf(watcher, ["turn_change"]).at(-1)!.player;
    }
    expect(accepted + refused).toBe(100);
    // Every accepted pass moved the turn exactly one seat on from where the one before left it.
    const changes = framesOf(watcher, ["turn_change"]);
    let turn = firstPlayer;
    for (const change of changes) {
      expect(change.player).toBe(after(turn));
      turn = change.player;
    }
    // Every client saw the same changes in the same order.
    expect(changes).toHaveLength(accepted);
    for (const { socket } of players) {
      await received(socket, ["turn_change"], accepted);
      expect(framesOf(socket, ["turn_change"])).toEqual(changes);
    }
    await mirrored(id, { status: "active", currentTurn: turn });
  });

  it("four players changing their life at once: every change applied once, in one order every client sees", async () => {
    const { id, players, watcher, firstPlayer } = await table();
    const CHANGES = 10;
    const deltaOf = (player: number, k: number) => (k % 2 === 0 ? -(player + 1) : k + 1);
    for (let k = 0; k < CHANGES; k++) {
      players.forEach(({ socket }, i) => socket.send({ type: "game_action", action: "life_change", data: { delta: deltaOf(i, k) } }));
    }
    const total = players.length * CHANGES;
    const lifeChanges = (socket: TestSocket) => framesOf(socket, ["game_action"]).filter((f) => f.action === "life_change");
    for (const socket of [watcher, ...players.map((p) => p.socket)]) {
      await expect.poll(() => lifeChanges(socket).length, { timeout: 10_000 }).toBe(total);
    }
    const order = lifeChanges(watcher);
    for (const { socket } of players) expect(lifeChanges(socket)).toEqual(order);
    // Each player's changes in the order they sent them, each applied once: life is 40 plus the deltas so far.
    players.forEach(({ member }, i) => {
      const theirs = order.filter((f) => f.player === member.id).map((f) => f.result);
      expect(theirs.map((r) => r.delta)).toEqual(Array.from({ length: CHANGES }, (_, k) => deltaOf(i, k)));
      let life = 40;
      for (const r of theirs) expect(r.life).toBe((life += r.delta));
    });
    // A page that opens now reads the same totals from the room.
    const again = await joinRoom(players[1].member, id);
    players.forEach(({ member }, i) => {
      const sum = Array.from({ length: CHANGES }, (_, k) => deltaOf(i, k)).reduce((a, b) => a + b, 0);
      expect(again.state.players.find((p: Frame) => p.id === member.id).life).toBe(40 + sum);
    });
    // Life totals are the room's alone: D1's table is untouched by them.
    await mirrored(id, { status: "active", currentTurn: firstPlayer });
  });

  it("End game racing a pass: one order for every client, the game over, and D1 agreeing with what they saw", async () => {
    for (let trial = 0; trial < 8; trial++) {
      const { id, ann, players, watcher, firstPlayer, after, socketOf } = await table();
      let holder = firstPlayer;
      if (holder === ann.id) {
        pass(socketOf(ann.id));
        holder = (await watcher.next(ofType("turn_change"))).player;
      }
      expect(holder).toBe(firstPlayer === ann.id ? after(ann.id) : firstPlayer);
      const before = framesOf(watcher, ["turn_change"]).length;
      // The host ends the game as the turn's holder passes it (either may arrive first: the order alternates).
      const endGame = () => socketOf(ann.id).send({ type: "end_game", sessionId: id });
      if (trial % 2 === 0) {
        endGame();
        pass(socketOf(holder));
      } else {
        pass(socketOf(holder));
        endGame();
      }
      const sockets = [watcher, ...players.map((p) => p.socket)];
      for (const socket of sockets) expect(await socket.closed).toBe(ROOM_CLOSE.ended);
      const seen = (socket: TestSocket) => framesOf(socket, ["turn_change", "room_ended"]).slice(before);
      const order = seen(watcher);
      expect(order.at(-1)).toMatchObject({ type: "room_ended", reason: "host_ended" });
      // The pass came first (and moved the turn one seat on) or after the end (and was never applied).
      expect(order.length === 1 || (order.length === 2 && order[0].player === after(holder) && order[0].by === holder)).toBe(true);
      for (const socket of sockets) expect(seen(socket)).toEqual(order);
      const turn = order.length === 2 ? order[0].player : holder;
      await mirrored(id, { status: "completed", currentTurn: turn });
    }
  });
});

describe("the mirror in D1", () => {
  const roomStub = (id: string) => env.GameRoom.get(env.GameRoom.idFromName(id));
  type Internals = {
    room: { roomState: { setTurn(next: string | null): unknown; meta(): { tableVersion: number; mirroredVersion: number } } };
  };

  it("is written again by a room that restarts before D1 took its last change", async () => {
    const { id, ann, after, firstPlayer } = await table();
    await mirrored(id, { status: "active", currentTurn: firstPlayer });
    // A change the room stored and then stopped before mirroring (an eviction at the wrong moment).
    const next = after(firstPlayer);
    const pending = await runInDurableObject(roomStub(id), (room: GameRoom) => {
      const roomState = (room as unknown as Internals).room.roomState;
      roomState.setTurn(next);
      return roomState.meta();
    });
    expect(pending.tableVersion).toBe(pending.mirroredVersion + 1);
    expect(await d1Table(id)).toMatchObject({ currentTurn: firstPlayer });
    await evictDurableObject(roomStub(id));
    // Any event starts the room again: its start writes what D1 has not taken.
    const fresh = await joinRoom(ann, id);
    expect(fresh.state.currentTurn).toBe(next);
    await mirrored(id, { status: "active", currentTurn: next });
  });

  it("never lets a late write overwrite a newer one, and writes a seat's deck only with its own version", async () => {
    const { id, players, firstPlayer, after } = await table();
    await mirrored(id, { currentTurn: firstPlayer });
    const db = getDb(env.DB);
    const seat = { userId: players[1].member.id, deckId: null, deckName: "Goblins", deckBracket: 2 };
    const newer = await runInDurableObject(
      roomStub(id),
      (room: GameRoom) => (room as unknown as Internals).room.roomState.meta().tableVersion,
    );
    expect(await mirrorTable(db, id, { version: newer + 5, currentTurn: after(firstPlayer), ended: false, seats: [seat], out: [] })).toBe(
      true,
    );
    // An older version arrives late: D1 keeps the newer turn, deck and who is out (nobody).
    const late = { version: newer + 4, currentTurn: firstPlayer, ended: true, seats: [{ ...seat, deckName: "Elves" }], out: [seat.userId] };
    expect(await mirrorTable(db, id, late)).toBe(false);
    expect(await d1Table(id)).toEqual({ status: "active", currentTurn: after(firstPlayer) });
    const row = await env.DB.prepare(
      "SELECT deck_name, deck_bracket, out_at FROM game_session_members WHERE session_id = ? AND user_id = ?",
    )
      .bind(id, seat.userId)
      .first();
    expect(row).toEqual({ deck_name: "Goblins", deck_bracket: 2, out_at: null });
    // The same version again is the same write (a retry): taken.
    expect(await mirrorTable(db, id, { version: newer + 5, currentTurn: after(firstPlayer), ended: false, seats: [seat] })).toBe(true);
  });
});

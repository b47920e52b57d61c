import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { json, request } from "./helpers";
import { closeAllSockets, joinRoom, signUp, upgrade, type TestSocket } from "./room-socket";

// Frames per frame type: 60 in `npm test`; `npm run check:full` sets FUZZ_RUNS=1000.
const RUNS = Number(env.FUZZ_RUNS ?? "60");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => closeAllSockets());

const anyId = fc.oneof(fc.uuid(), fc.string({ maxLength: 120 }), fc.constant(""), fc.integer());
const anyUser = fc.oneof(
  fc.constant(undefined),
  fc.record({ id: anyId, name: fc.string(), avatar: fc.oneof(fc.constant(null), fc.string()) }),
  fc.jsonValue(),
);
const sdp = fc.oneof(
  fc.record({ type: fc.constantFrom("offer", "answer", "pranswer", "rollback", "evil"), sdp: fc.string({ maxLength: 500 }) }),
  fc.jsonValue(),
);

/** The fuzz room's players, once seated: commander damage is fuzzed from real seats too. */
const seatedIds: string[] = [];
const fromId = fc.oneof(
  anyId,
  fc.integer({ min: 0, max: 3 }).map((i) => seatedIds[i] ?? "nobody"),
);
const toolDelta = fc.oneof(fc.integer({ min: -150, max: 150 }), fc.constant(0), fc.double(), fc.string(), fc.jsonValue());

/** Random and boundary frames for every client frame type, plus unknown types and garbage. */
const FRAME_TYPES: Record<string, fc.Arbitrary<unknown>> = {
  join_room: fc.record({ type: fc.constant("join_room"), sessionId: anyId, user: anyUser }, { requiredKeys: ["type"] }),
  message: fc.record(
    {
      type: fc.constant("message"),
      content: fc.oneof(fc.string({ maxLength: 2500 }), fc.constant(""), fc.constant("   "), fc.jsonValue()),
      user: anyUser,
    },
    { requiredKeys: ["type"] },
  ),
  dice_roll: fc.record({
    type: fc.constant("game_action"),
    action: fc.constant("dice_roll"),
    data: fc.record(
      { sides: fc.oneof(fc.constantFrom(4, 6, 8, 10, 12, 20, 0, -1, 7, 100, 1.5), fc.jsonValue()), result: fc.jsonValue() },
      { requiredKeys: [] },
    ),
  }),
  pass_turn: fc.record(
    { type: fc.constant("game_action"), action: fc.constant("pass_turn"), data: fc.jsonValue() },
    { requiredKeys: ["type", "action"] },
  ),
  life_change: fc.record({
    type: fc.constant("game_action"),
    action: fc.constant("life_change"),
    data: fc.record({ delta: fc.oneof(fc.integer({ min: -2000, max: 2000 }), fc.double(), fc.string()) }),
  }),
  commander_damage: fc.record(
    {
      type: fc.constant("game_action"),
      action: fc.constant("commander_damage"),
      data: fc.oneof(fc.record({ from: fromId, delta: toolDelta }, { requiredKeys: [] }), fc.jsonValue()),
    },
    { requiredKeys: ["type", "action"] },
  ),
  counter: fc.record(
    {
      type: fc.constant("game_action"),
      action: fc.constant("counter"),
      data: fc.oneof(
        fc.record(
          {
            name: fc.oneof(
              fc.constantFrom("poison", "energy", "experience", "monarch", "initiative", "storm", ""),
              fc.string(),
              fc.jsonValue(),
            ),
            delta: toolDelta,
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: ["type", "action"] },
  ),
  unknown_action: fc.record({ type: fc.constant("game_action"), action: fc.string({ maxLength: 20 }), data: fc.jsonValue() }),
  webrtc_offer: fc.record({ type: fc.constant("webrtc_offer"), targetPlayer: anyId, offer: sdp }, { requiredKeys: ["type"] }),
  webrtc_answer: fc.record({ type: fc.constant("webrtc_answer"), targetPlayer: anyId, answer: sdp }, { requiredKeys: ["type"] }),
  webrtc_ice_candidate: fc.record(
    { type: fc.constant("webrtc_ice_candidate"), targetPlayer: anyId, candidate: fc.jsonValue() },
    { requiredKeys: ["type"] },
  ),
  // Issue 26: a deck on a seat (ids of no deck, of nobody's) and a card shown to the table (ids of no card);
  // issue 27 (Rule 0): a deck said by name and a bracket, in and out of range.
  set_deck: fc.record(
    {
      type: fc.constant("set_deck"),
      deckId: fc.oneof(anyId, fc.constant(null), fc.jsonValue()),
      deckName: fc.oneof(fc.string({ maxLength: 120 }), fc.constant(null), fc.jsonValue()),
      bracket: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constant(null), fc.jsonValue()),
    },
    { requiredKeys: ["type"] },
  ),
  share_card: fc.record({ type: fc.constant("share_card"), cardId: fc.oneof(anyId, fc.jsonValue()) }, { requiredKeys: ["type"] }),
  status_frames: fc.record({ type: fc.constantFrom("camera_status", "mic_status"), enabled: fc.jsonValue() }),
  unknown_type: fc.record({ type: fc.string({ maxLength: 30 }), payload: fc.jsonValue() }),
  garbage: fc.oneof(
    fc.jsonValue(),
    fc.string({ maxLength: 300 }).map((s) => ({ raw: s })),
  ),
};

describe("fuzzing every room frame type", () => {
  it(`answers ${RUNS} random frames of each type without closing a socket or corrupting the room`, async () => {
    const players = await Promise.all([0, 1, 2, 3].map((i) => signUp(`FuzzPlayer${i}`)));
    const watchers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => signUp(`FuzzWatcher${i}`)));
    const room = await json(
      await request("/api/game-sessions", {
        method: "POST",
        cookie: players[0].cookie,
        body: { maxPlayers: 4, communityId: "bladeforge", gameData: { name: "Fuzz room", format: "commander" } },
      }),
    );
    const sockets: TestSocket[] = [];
    for (const p of players) sockets.push((await joinRoom(p, room.id)).socket);
    seatedIds.splice(0, seatedIds.length, ...players.map((p) => p.id));
    for (const w of watchers) sockets.push((await joinRoom(w, room.id, "spectate")).socket);
    let closedCode: number | null = null;
    for (const s of sockets) s.closed.then((code) => (closedCode ??= code));

    let sent = 0;
    for (const [type, arbitrary] of Object.entries(FRAME_TYPES)) {
      for (const frame of fc.sample(arbitrary, RUNS)) {
        const socket = sockets[sent++ % sockets.length];
        if (type === "garbage" && frame && typeof frame === "object" && "raw" in frame)
          socket.sendRaw(String((frame as { raw: string }).raw));
        else socket.send(frame);
        // ~15 frames a second per socket: under the room's per-connection limit, so frames are parsed, not throttled.
        if (sent % sockets.length === 0) await sleep(65);
      }
    }
    await sleep(500);
    expect(closedCode).toBeNull();

    // The room still works: a chat message reaches another player.
    const marker = `after-fuzz-${crypto.randomUUID()}`;
    sockets[0].send({ type: "message", content: marker });
    const got = await sockets[1].next((f) => f.type === "message" && f.message?.content === marker, 10_000);
    expect(got.message.content).toBe(marker);

    // The table's tools stayed within their bounds, from seated players only.
    const late = await joinRoom(watchers[0], room.id, "spectate");
    for (const p of late.state.players) {
      for (const [from, n] of Object.entries(p.commanderDamage as Record<string, number>)) {
        expect(seatedIds).toContain(from);
        expect(from).not.toBe(p.id);
        expect(n).toBeGreaterThan(0);
        expect(n).toBeLessThanOrEqual(999);
      }
      for (const n of Object.values(p.counters as Record<string, number>)) expect(n >= 0 && n <= 999).toBe(true);
    }
    for (const holder of [late.state.monarch, late.state.initiative]) if (holder !== null) expect(seatedIds).toContain(holder);

    // Stored data is still valid.
    const session = await json(await request(`/api/game-sessions/${room.id}`));
    expect(session.currentPlayers).toBeLessThanOrEqual(session.maxPlayers);
    expect(session.currentPlayers).toBe(4);
    expect(session.spectators).toBe(6);
    const members = await env.DB.prepare(
      "SELECT role, count(*) AS n FROM game_session_members WHERE session_id = ? GROUP BY role ORDER BY role",
    )
      .bind(room.id)
      .all<{ role: string; n: number }>();
    expect(members.results).toEqual([
      { role: "player", n: 4 },
      { role: "spectator", n: 6 },
    ]);
  }, 180_000);
});

describe("fuzzing the /ws upgrade", () => {
  it(`answers ${RUNS} random session ids, _pk values and x-partykit-* headers with 101, 400 or 404, never an error`, async () => {
    const member = await signUp("FuzzUpgrade");
    const room = await json(
      await request("/api/game-sessions", {
        method: "POST",
        cookie: member.cookie,
        body: { maxPlayers: 4, communityId: "decksong", gameData: { name: "Upgrade fuzz", format: "commander" } },
      }),
    );
    const printable = fc.string({ unit: "grapheme-ascii", maxLength: 400 });
    const upgrades = fc.record({
      sessionId: fc.oneof(fc.constant(room.id as string), fc.string({ maxLength: 120 }), fc.uuid()),
      pk: fc.option(fc.string({ maxLength: 400 }), { nil: undefined }),
      headers: fc.dictionary(
        fc.constantFrom(
          "x-partykit-props",
          "x-partykit-room",
          "x-partykit-namespace",
          "x-partykit-jurisdiction",
          "x-realmcast-user-id",
          "x-realmcast-session",
        ),
        printable,
      ),
    });
    for (const { sessionId, pk, headers } of fc.sample(upgrades, RUNS)) {
      const res = await upgrade(member, sessionId, undefined, { query: pk === undefined ? {} : { _pk: pk }, headers });
      expect([101, 400, 404]).toContain(res.status);
      if (res.status !== 101) continue;
      const ws = res.webSocket!;
      const frames: string[] = [];
      ws.accept();
      ws.addEventListener("message", (e) => frames.push(String(e.data)));
      ws.send(JSON.stringify({ type: "join_room", sessionId }));
      await expect.poll(() => frames.some((f) => f.includes('"room_state"')), { timeout: 5000 }).toBe(true);
      expect(frames.some((f) => f.includes("stack") || f.startsWith('{"error"'))).toBe(false);
      ws.close(1000, "next case");
    }
  }, 120_000);
});

/**
 * Over 300 lines: the room fan-out benchmark's four modes (one sender, several, saturation, fresh rooms) share one
 * stack (`wrangler dev` with the bench relay), its rooms and sockets, and one report.
 */
// Room fan-out benchmark. The GameRoom (the real room, through `wrangler dev` with bench/relay/wrangler.toml: the
// app + a bare relay) against the bare DO relay (bench/relay/worker.ts `/bench-relay`, the simplest hibernating
// Durable Object relay, served by the SAME `wrangler dev` process: the runtime's floor, so GameRoom/relay measures
// our code). Runs alternate (relay, room, relay, room, ...) so a busy machine weighs on both alike, and each
// run's CPU time is read from the workerd process's own counters (/proc/<pid>/stat utime + stime) before and
// after it: only one target is busy during a run, so each delta is that target's. Three modes:
//
//   1. One sender (default): 1 sender -> 49 receivers (4 players + 46 spectators) at 19 chat messages/s, plus a
//      Node `ws` broadcast server outside workerd (what the runtime and wrangler's proxy cost).
//        node bench/room-fanout.mjs [--messages 500] [--rate 19] [--spectators 46] [--rounds 2] [--json]
//   2. Several senders: the 4 players each send --rate chat messages/s (default 10); every socket receives every
//      other sender's frames (4 x 49 deliveries per round of messages). --messages is per sender.
//        node bench/room-fanout.mjs --senders 4 [--messages 300] [--rate 10] [--rounds 2] [--json]
//   3. Saturation: the several-senders load, the per-sender rate raised step by step (each step --seconds long,
//      relay then room) until p99 passes 250 ms or a delivery is lost; prints the highest offered rate that
//      stayed under, per target. The room's frame budget (20 frames/s per socket) would stop it first, so this
//      mode serves a bench-only GameRoom with the budget lifted (bench/relay/worker.ts, BENCH_FRAMES_PER_SECOND,
//      set only here with --var; production's room keeps the limit).
//        node bench/room-fanout.mjs --saturate [--steps 10,20,40,...] [--seconds 5] [--p99-limit 250]
//   4. Fresh rooms: each round a NEW GameRoom and a NEW bare relay object, each measured from its first frame: the
//      50 sockets open at once (the room's also send `join_room` and wait for the room's state; the members took
//      their places through the API before, as the lobby does), then the several-senders load runs for --seconds
//      (default 15). CPU counts the whole window (sockets opening and joining, then the talk), latency the chat
//      frames: what a room costs in its first seconds, where the long runs above measure a warm one. The relay
//      goes first in even rounds, the room in odd ones. With --arrive the members also take their places inside the
//      window (each through the API just before its socket, all at once), as people arrive at a new table: every
//      arrival is a place change the room is told, with the roster to everyone connected.
//        node bench/room-fanout.mjs --fresh [--arrive] [--senders 4] [--rate 10] [--seconds 15] [--rounds 4] [--json]
//
// The room accepts at most 20 frames per second per connection (burst 40), hence the one-sender pace.
// In the room a sender also gets its own line back (the relay skips the sender): those copies are not counted,
// so the room does 50 sends per message where the relay does 49; CPU per 1,000 deliveries counts the 49.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocketServer } from "ws";
import { build, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { cpuMs, descendantsNamed } from "./lib/cpu.mjs";
import { run, summarise } from "./lib/fanout-run.mjs";
import { connectInspector, topSelf, topTotal } from "./lib/profile.mjs";
import { createRoom, freePort, joinRoomSocket, openJoined, openSocket, signUp, sleep, takePlace } from "./lib/sockets.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, arg, i, all) =>
        arg.startsWith("--")
          ? [...pairs, [arg.slice(2), all[i + 1] === undefined || all[i + 1].startsWith("--") ? "" : all[i + 1]]]
          : pairs,
      [],
    ),
);
const SATURATE = args.saturate !== undefined;
const FRESH = args.fresh !== undefined;
const ARRIVE = args.arrive !== undefined;
const SENDERS = SATURATE ? 4 : Number(args.senders ?? (FRESH ? 4 : 1));
const MESSAGES = Number(args.messages ?? (SENDERS > 1 ? 300 : 500));
const RATE = Number(args.rate ?? (SENDERS > 1 ? 10 : 19));
const ROUNDS = Number(args.rounds ?? (FRESH ? 4 : 2));
const PLAYERS = 4;
const SPECTATORS = Number(args.spectators ?? 46);
const STEPS = String(args.steps ?? "10,20,30,40,50,60,80,100,120,150,200,250,300")
  .split(",")
  .map(Number);
const STEP_SECONDS = Number(args.seconds ?? 5);
const FRESH_SECONDS = Number(args.seconds ?? 15);
const P99_LIMIT = Number(args["p99-limit"] ?? 250);
const BENCH_CONFIG = ["--config", "bench/relay/wrangler.toml"];
// --profile <file>: a V8 CPU profile of the Worker's isolate over the room's runs (written there, top functions printed).
const PROFILE = args.profile || null;
// Saturation only: the bench-only GameRoom (bench/relay/worker.ts) lifts the frame budget when this var is set.
const LIFT_BUDGET = ["--var", "BENCH_FRAMES_PER_SECOND:1000000"];

if (SENDERS > PLAYERS) throw new Error(`--senders is at most ${PLAYERS}: only players chat in the room`);

/** Members for a room's sockets: the first PLAYERS play, the rest watch. */
async function signUpAll(url) {
  const cookies = [];
  for (let i = 0; i < PLAYERS + SPECTATORS; i++) cookies.push(await signUp(url, i));
  return cookies;
}

/** A new room (hosted by `cookies[host]`) with every member's socket joined: players first, then spectators. */
async function openRoom(url, cookies, host = 0) {
  const id = await createRoom(url, cookies[host], PLAYERS);
  const sockets = [];
  for (let i = 0; i < cookies.length; i++) sockets.push((await joinRoomSocket(url, id, cookies[i], i < PLAYERS ? "play" : "spectate")).ws);
  return { sockets, frame: (content) => ({ type: "message", sessionId: id, content }) };
}

async function openRelay(url, name = "fanout") {
  const sockets = [];
  for (let i = 0; i < PLAYERS + SPECTATORS; i++) sockets.push(await openSocket(`${url.replace("http", "ws")}/bench-relay?room=${name}`));
  return { sockets, frame: (content) => ({ type: "message", content }) };
}

/** The app and the bare relay in one `wrangler dev` (bench config); `body` gets its URL, the workerd pids and the profiler. */
async function withStack(extraArgs, body) {
  if (!existsSync("build/server/index.js")) build();
  const persistTo = mkdtempSync(join(tmpdir(), "realmcast-bench-"));
  migrateLocal(persistTo, BENCH_CONFIG);
  const port = await freePort();
  const inspectorPort = await freePort();
  const inspect = PROFILE ? ["--inspector-port", String(inspectorPort)] : [];
  const { child, url } = await serve({
    port,
    persistTo,
    extraArgs: [...BENCH_CONFIG, ...inspect, ...extraArgs],
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const workerd = descendantsNamed(child.pid, "workerd");
    if (workerd.length === 0) throw new Error("no workerd process under wrangler dev");
    return await body({ url, workerd, inspector: PROFILE ? await connectInspector(inspectorPort) : null });
  } finally {
    child.kill("SIGTERM");
    await sleep(500);
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/** GameRoom and bare relay, both opened once, in one `wrangler dev`; `body` gets both and the workerd pids. */
function withWorkerd(extraArgs, body) {
  return withStack(extraArgs, async ({ url, workerd, inspector }) => {
    const open = [];
    try {
      const room = await openRoom(url, await signUpAll(url));
      const relay = await openRelay(url);
      open.push(...room.sockets, ...relay.sockets);
      await sleep(500);
      return await body({ room, relay, workerd, inspector });
    } finally {
      for (const ws of open) ws.close();
    }
  });
}

/** Alternating timed runs of the steady load: relay, room, relay, room, ... */
function benchWorkerd() {
  return withWorkerd([], async ({ room, relay, workerd, inspector }) => {
    const load = { senders: SENDERS, rate: RATE, messages: MESSAGES, cpuPids: workerd };
    const roomRuns = [];
    const relayRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      relayRuns.push(await run(relay.sockets, relay.frame, load));
      await inspector?.start();
      roomRuns.push(await run(room.sockets, room.frame, load));
      // Profiled runs cost more CPU than plain ones: compare their figures only with other profiled runs.
      if (inspector) printProfile(await inspector.stop(`${PROFILE}.${round}.cpuprofile`));
    }
    inspector?.close();
    return { room: summarise("GameRoom", roomRuns), bare: summarise("Bare DO relay", relayRuns) };
  });
}

function printProfile(profile) {
  console.log("\nGameRoom run profile, top self time:");
  for (const { fn, ms, share } of topSelf(profile, 25))
    console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
  console.log("top total time:");
  for (const { fn, ms, share } of topTotal(profile, 40))
    console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
}

/**
 * Fresh rooms: each round a new GameRoom and a new bare relay object, each measured from its first frame (the relay
 * first in even rounds, the room first in odd ones); their sockets close after the round.
 */
function benchFresh() {
  return withStack([], async ({ url, workerd, inspector }) => {
    const cookies = await signUpAll(url);
    const load = { senders: SENDERS, rate: RATE, messages: Math.round(RATE * FRESH_SECONDS), cpuPids: workerd };
    const roomRuns = [];
    const relayRuns = [];
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A new room hosted by one of the players in turn (each member may create 20 rooms an hour); its members take
      // their places as the lobby does, before its sockets open.
      const id = await createRoom(url, cookies[round % PLAYERS], PLAYERS);
      const mode = (i) => (i < PLAYERS ? "play" : "spectate");
      if (!ARRIVE) for (let i = 0; i < cookies.length; i++) await takePlace(url, id, cookies[i], mode(i));
      const relayName = `fresh-${round}-${crypto.randomUUID()}`;
      await sleep(500);
      const opened = [];
      /** The object's first `FRESH_SECONDS` with sockets: all of them open (and join) at once, then the talk. */
      const window = async (open, frame) => {
        const cpuBefore = cpuMs(workerd);
        const started = performance.now();
        const sockets = await Promise.all(cookies.map((cookie, i) => open(cookie, i)));
        opened.push(...sockets);
        const ready = performance.now() - started;
        const result = await run(sockets, frame, load);
        return { ...result, cpuMs: cpuMs(workerd) - cpuBefore, readyMs: ready };
      };
      const measureRoom = async () => {
        await inspector?.start();
        const result = await window(
          async (cookie, i) => {
            // (The host's seat came with the room: taking it again changes nothing.)
            if (ARRIVE) await takePlace(url, id, cookie, mode(i));
            return (await openJoined(url, id, cookie, mode(i))).ws;
          },
          (content) => ({ type: "message", sessionId: id, content }),
        );
        if (inspector) printProfile(await inspector.stop(`${PROFILE}.fresh${round}.cpuprofile`));
        return result;
      };
      const measureRelay = () =>
        window(
          () => openSocket(`${url.replace("http", "ws")}/bench-relay?room=${relayName}`),
          (content) => ({ type: "message", content }),
        );
      let roomRun;
      let relayRun;
      if (round % 2 === 0) {
        relayRun = await measureRelay();
        roomRun = await measureRoom();
      } else {
        roomRun = await measureRoom();
        relayRun = await measureRelay();
      }
      for (const ws of opened) ws.close();
      roomRuns.push(roomRun);
      relayRuns.push(relayRun);
      const r = summarise("GameRoom", [roomRun]);
      const b = summarise("Bare DO relay", [relayRun]);
      rounds.push({ round, room: r, bare: b, roomReadyMs: roomRun.readyMs, relayReadyMs: relayRun.readyMs });
      console.log(
        `  round ${round + 1} (${round % 2 === 0 ? "relay first" : "room first"}): sockets ready in ${fmt(relayRun.readyMs, 0)} / ${fmt(roomRun.readyMs, 0)} ms; relay p50 ${fmt(b.p50)} / p99 ${fmt(b.p99)} ms, CPU ${fmt(b.cpuPer1000)} ms/1,000; room p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms, CPU ${fmt(r.cpuPer1000)} ms/1,000; lost ${b.lost}, ${r.lost}; room/relay ${ratio(r, b)}`,
      );
      await sleep(1000);
    }
    inspector?.close();
    return { room: summarise("GameRoom", roomRuns), bare: summarise("Bare DO relay", relayRuns), rounds };
  });
}

/** A plain Node `ws` broadcast server: no runtime, no proxy, no storage, auth or validation. */
async function benchNode() {
  const port = await freePort();
  const wss = new WebSocketServer({ port, host: "127.0.0.1" });
  wss.on("connection", (socket) => {
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data));
      const out = JSON.stringify({
        type: "message",
        message: { id: crypto.randomUUID(), content: frame.content, timestamp: new Date().toISOString(), type: "chat" },
      });
      for (const client of wss.clients) if (client !== socket) client.send(out);
    });
  });
  const sockets = [];
  try {
    for (let i = 0; i < PLAYERS + SPECTATORS; i++) sockets.push(await openSocket(`ws://127.0.0.1:${port}`));
    const runs = [];
    const load = { senders: SENDERS, rate: RATE, messages: MESSAGES, cpuPids: [process.pid] };
    for (let round = 0; round < ROUNDS; round++) runs.push(await run(sockets, (content) => ({ type: "message", content }), load));
    const result = summarise("Node ws", runs);
    // The Node server runs in the bench's own process: its CPU counter holds the clients too, so it is not shown.
    return { ...result, cpuMs: NaN, cpuPer1000: NaN };
  } finally {
    for (const ws of sockets) ws.close();
    await new Promise((r) => wss.close(r));
  }
}

/** Steps the per-sender rate up, relay then room at each step, until each passes the p99 limit or loses a delivery. */
function benchSaturation() {
  return withWorkerd(LIFT_BUDGET, async ({ room, relay, workerd }) => {
    const targets = [
      { label: "Bare DO relay", open: relay, best: null, stopped: null, steps: [] },
      { label: "GameRoom", open: room, best: null, stopped: null, steps: [] },
    ];
    for (const rate of STEPS) {
      for (const target of targets) {
        if (target.stopped) continue;
        const messages = Math.max(1, Math.round(rate * STEP_SECONDS));
        const result = summarise(target.label, [
          await run(target.open.sockets, target.open.frame, { senders: SENDERS, rate, messages, cpuPids: workerd, drainMs: 10_000 }),
        ]);
        const step = { perSender: rate, offered: rate * SENDERS, ...result };
        target.steps.push(step);
        console.log(
          `  ${target.label.padEnd(14)} ${String(rate * SENDERS).padStart(5)} frames/s in, ${Math.round(result.deliveriesPerSecond)
            .toString()
            .padStart(
              6,
            )} deliveries/s: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, lost ${result.lost}, errors ${result.errors}, CPU ${result.cpuPer1000.toFixed(1)} ms/1,000`,
        );
        if (result.p99 > P99_LIMIT || result.lost > 0 || result.errors > 0) target.stopped = step;
        else target.best = step;
        // Let the queues drain before the other target's step.
        await sleep(1000);
      }
      if (targets.every((t) => t.stopped)) break;
    }
    return targets;
  });
}

const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

function table(rows) {
  console.log(
    "server".padEnd(16),
    "delivered".padStart(16),
    "lost".padStart(6),
    "errors".padStart(7),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "max ms".padStart(8),
    "CPU ms".padStart(8),
    "CPU ms/1,000".padStart(13),
  );
  for (const r of rows) {
    console.log(
      r.label.padEnd(16),
      `${r.delivered}/${r.expected}`.padStart(16),
      String(r.lost).padStart(6),
      String(r.errors).padStart(7),
      fmt(r.p50).padStart(8),
      fmt(r.p99).padStart(8),
      fmt(r.max, 1).padStart(8),
      fmt(r.cpuMs, 0).padStart(8),
      fmt(r.cpuPer1000).padStart(13),
    );
  }
}

const ratio = (a, b) =>
  `p50 ${fmt(a.p50 / b.p50)}x, p99 ${fmt(a.p99 / b.p99)}x` +
  (Number.isFinite(a.cpuPer1000 / b.cpuPer1000) ? `, CPU/delivery ${fmt(a.cpuPer1000 / b.cpuPer1000)}x` : "");

if (SATURATE) {
  console.log(
    `room fan-out saturation: ${SENDERS} senders -> ${PLAYERS + SPECTATORS} sockets, per-sender rate stepped ${STEPS.join(", ")}/s, ${STEP_SECONDS} s a step, until p99 > ${P99_LIMIT} ms or loss (room frame budget lifted, bench only)\n`,
  );
  const targets = await benchSaturation();
  console.log("");
  for (const t of targets) {
    const best = t.best;
    console.log(
      `${t.label.padEnd(14)} highest rate under: ${best ? `${best.offered} frames/s in (${best.perSender}/s per sender), ${Math.round(best.deliveriesPerSecond)} deliveries/s, p99 ${fmt(best.p99, 1)} ms` : "none"}` +
        (t.stopped
          ? `; stopped at ${t.stopped.offered} frames/s (p99 ${fmt(t.stopped.p99, 1)} ms, lost ${t.stopped.lost}, errors ${t.stopped.errors})`
          : "; never stopped: raise --steps"),
    );
  }
  const [relay, room] = targets;
  if (relay.best && room.best)
    console.log(`\nGameRoom / bare DO relay saturation rate: ${fmt(room.best.offered / relay.best.offered)}x   (target >= 0.75x)`);
  if (args.json !== undefined) console.log(JSON.stringify(targets.map(({ open: _open, ...t }) => t)));
  process.exit(0);
}

if (FRESH) {
  console.log(
    `room fan-out, fresh rooms: a new GameRoom and a new bare relay object each round, measured from their first frame: ${PLAYERS + SPECTATORS} sockets open (and join${ARRIVE ? ", each member taking its place first" : ""}) at once, then ${SENDERS} players x ${RATE} chat messages/s for ${FRESH_SECONDS} s; ${ROUNDS} rounds\n`,
  );
  const { room, bare, rounds } = await benchFresh();
  console.log("");
  table([bare, room]);
  const p99s = rounds.map((r) => fmt(r.room.p99 / r.bare.p99)).join(", ");
  const cpus = rounds.map((r) => fmt(r.room.cpuPer1000 / r.bare.cpuPer1000)).join(", ");
  console.log(`\nGameRoom / bare DO relay, all rounds: ${ratio(room, bare)}   (target p99 <= 1.5x, CPU <= 1.5x)`);
  console.log(`per round: p99 ${p99s}; CPU/delivery ${cpus}`);
  if (args.json !== undefined) console.log(JSON.stringify({ bare, room, rounds }));
  const lost = [room, bare].filter((r) => r.delivered !== r.expected || r.errors > 0);
  if (lost.length) console.log(`\nLOSS: ${lost.map((r) => r.label).join(", ")} did not deliver everything without errors`);
  process.exit(0);
}

const receivers = PLAYERS + SPECTATORS - 1;
console.log(
  SENDERS === 1
    ? `room fan-out: 1 sender -> ${receivers} receivers, ${MESSAGES} chat messages at ${RATE}/s, ${ROUNDS} round(s) each\n`
    : `room fan-out, several senders: ${SENDERS} players x ${RATE} chat messages/s -> ${PLAYERS + SPECTATORS} sockets (each gets every other sender's frames), ${MESSAGES} messages per sender, ${ROUNDS} round(s) each\n`,
);
const { room, bare } = await benchWorkerd();
const node = SENDERS === 1 ? await benchNode() : null;
table([node, bare, room].filter(Boolean));
console.log(`\nGameRoom / bare DO relay: ${ratio(room, bare)}   (target p50 <= 1.3x, p99 <= 1.5x${SENDERS > 1 ? ", CPU <= 1.5x" : ""})`);
if (node) {
  console.log(`bare DO relay / Node ws:  ${ratio(bare, node)}   (the runtime and wrangler's proxy)`);
  console.log(`GameRoom / Node ws:       ${ratio(room, node)}`);
}
if (args.json !== undefined) console.log(JSON.stringify({ node, bare, room }));
const lost = [room, bare, node].filter((r) => r && (r.delivered !== r.expected || r.errors > 0));
if (lost.length) console.log(`\nLOSS: ${lost.map((r) => r.label).join(", ")} did not deliver everything without errors`);
process.exit(0);

// Room fan-out benchmark, three ways in one run: 1 sender -> 49 receivers (4 players + 46 spectators), the
// sender paced at 19 chat messages/s, latency from send to each receiver.
//   1. GameRoom: the real room, through `wrangler dev` (bench/relay/wrangler.toml: the app + a bare relay).
//   2. Bare DO relay: bench/relay/worker.ts `/bench-relay`, the simplest hibernating Durable Object relay,
//      served by the SAME `wrangler dev` process: the runtime's floor, so GameRoom/bare measures our code.
//   3. Node `ws`: a broadcast server outside workerd (what the runtime and wrangler's proxy cost).
// Runs alternate (bare, room, bare, room, ...) so a busy machine weighs on both alike.
//
//   node bench/room-fanout.mjs [--messages 500] [--rate 19] [--spectators 46] [--rounds 2] [--json]
//
// The room accepts at most 20 frames per second per connection (burst 40), hence the pace.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { WebSocketServer } from "ws";
import { build, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { createRoom, freePort, joinRoomSocket, openSocket, percentile, signUp, sleep } from "./lib/sockets.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith("--") ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const MESSAGES = Number(args.messages ?? 500);
const RATE = Number(args.rate ?? 19);
const ROUNDS = Number(args.rounds ?? 2);
const PLAYERS = 4;
const SPECTATORS = Number(args.spectators ?? 46);
const BENCH_CONFIG = ["--config", "bench/relay/wrangler.toml"];

/** One timed run over open sockets: clients[0] sends; the content carries the send time. */
async function run(clients, sendFrame) {
  const latencies = [];
  let errors = 0;
  let received = 0;
  let lastReceive = 0;
  const expected = MESSAGES * (clients.length - 1);
  let done;
  const finished = new Promise((r) => (done = r));
  const listeners = clients.map((ws, index) => {
    const listener = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "error") errors++;
      if (frame.type !== "message" || index === 0) return;
      // The room and the Node server wrap the text in `message`; the bare relay forwards the sender's frame as is.
      const match = /^bench:(\d+):([\d.]+)$/.exec(frame.message?.content ?? frame.content);
      if (!match) return;
      const now = performance.now();
      latencies.push(now - Number(match[2]));
      lastReceive = now;
      if (++received === expected) done();
    };
    ws.addEventListener("message", listener);
    return listener;
  });
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    clients[0].send(JSON.stringify(sendFrame(`bench:${i}:${performance.now()}`)));
  }
  await Promise.race([finished, sleep(30_000)]);
  clients.forEach((ws, i) => ws.removeEventListener("message", listeners[i]));
  return { latencies, errors, received, expected, seconds: (lastReceive - start) / 1000 };
}

function summarise(label, runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0);
  const result = {
    label,
    delivered: sum("received"),
    expected: sum("expected"),
    errors: sum("errors"),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    deliveriesPerSecond: sum("received") / sum("seconds"),
  };
  return result;
}

async function openRoom(url) {
  const total = PLAYERS + SPECTATORS;
  const cookies = [];
  for (let i = 0; i < total; i++) cookies.push(await signUp(url, i));
  const id = await createRoom(url, cookies[0], PLAYERS);
  const sockets = [];
  for (let i = 0; i < total; i++) sockets.push((await joinRoomSocket(url, id, cookies[i], i < PLAYERS ? "play" : "spectate")).ws);
  return { sockets, frame: (content) => ({ type: "message", sessionId: id, content }) };
}

async function openRelay(url) {
  const sockets = [];
  for (let i = 0; i < PLAYERS + SPECTATORS; i++) sockets.push(await openSocket(`${url.replace("http", "ws")}/bench-relay?room=fanout`));
  return { sockets, frame: (content) => ({ type: "message", content }) };
}

/** GameRoom and bare relay in one `wrangler dev` (bench config), alternating runs. */
async function benchWorkerd() {
  if (!existsSync("build/server/index.js")) build();
  const persistTo = mkdtempSync(join(tmpdir(), "realmcast-bench-"));
  migrateLocal(persistTo, BENCH_CONFIG);
  const port = await freePort();
  const { child, url } = await serve({ port, persistTo, extraArgs: BENCH_CONFIG, stdio: ["ignore", "ignore", "inherit"] });
  const open = [];
  try {
    const room = await openRoom(url);
    const relay = await openRelay(url);
    open.push(...room.sockets, ...relay.sockets);
    await sleep(500);
    const roomRuns = [];
    const relayRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      relayRuns.push(await run(relay.sockets, relay.frame));
      roomRuns.push(await run(room.sockets, room.frame));
    }
    return { room: summarise("GameRoom", roomRuns), bare: summarise("Bare DO relay", relayRuns) };
  } finally {
    for (const ws of open) ws.close();
    child.kill("SIGTERM");
    await sleep(500);
    rmSync(persistTo, { recursive: true, force: true });
  }
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
    for (let round = 0; round < ROUNDS; round++) runs.push(await run(sockets, (content) => ({ type: "message", content })));
    return summarise("Node ws", runs);
  } finally {
    for (const ws of sockets) ws.close();
    await new Promise((r) => wss.close(r));
  }
}

console.log(
  `room fan-out: 1 sender -> ${PLAYERS + SPECTATORS - 1} receivers, ${MESSAGES} chat messages at ${RATE}/s, ${ROUNDS} round(s) each\n`,
);
const { room, bare } = await benchWorkerd();
const node = await benchNode();
console.log(
  "server".padEnd(16),
  "delivered".padStart(14),
  "errors".padStart(7),
  "p50 ms".padStart(8),
  "p99 ms".padStart(8),
  "max ms".padStart(8),
);
for (const r of [node, bare, room]) {
  console.log(
    r.label.padEnd(16),
    `${r.delivered}/${r.expected}`.padStart(14),
    String(r.errors).padStart(7),
    r.p50.toFixed(2).padStart(8),
    r.p99.toFixed(2).padStart(8),
    r.max.toFixed(1).padStart(8),
  );
}
const ratio = (a, b) => `p50 ${(a.p50 / b.p50).toFixed(2)}x, p99 ${(a.p99 / b.p99).toFixed(2)}x`;
console.log(`\nGameRoom / bare DO relay: ${ratio(room, bare)}   (target p50 <= 1.3x, p99 <= 1.5x)`);
console.log(`bare DO relay / Node ws:  ${ratio(bare, node)}   (the runtime and wrangler's proxy)`);
console.log(`GameRoom / Node ws:       ${ratio(room, node)}`);
if (args.json !== undefined) console.log(JSON.stringify({ node, bare, room }));
const lost = [room, bare, node].filter((r) => r.delivered !== r.expected || r.errors > 0);
if (lost.length) console.log(`\nLOSS: ${lost.map((r) => r.label).join(", ")} did not deliver everything without errors`);
process.exit(0);

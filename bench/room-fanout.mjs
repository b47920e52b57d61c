// Room fan-out benchmark: 4 players + 46 spectators in one TableSync room through
// `wrangler dev` (own temp --persist-to), one player sends chat messages; measures
// delivery latency to every other member and deliveries per second, beside a plain
// Node `ws` broadcast server driven the same way in the same run.
//
//   node bench/room-fanout.mjs [--messages 500] [--rate 19] [--spectators 46]
//
// The room accepts at most 20 frames per second per connection (burst 40), so the
// sender is paced (default 19/s) for both servers; throughput is then bounded by
// the pace and the interesting figures are the latencies.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { WebSocketServer } from "ws";
import { build, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { createRoom, freePort, joinRoomSocket, openSocket, percentile, signUp, sleep } from "./lib/sockets.mjs";
import { existsSync } from "node:fs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith("--") ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const MESSAGES = Number(args.messages ?? 500);
const RATE = Number(args.rate ?? 19);
const PLAYERS = 4;
const SPECTATORS = Number(args.spectators ?? 46);

/** Drives one run: `clients` are open sockets, clients[0] sends; content carries the send time. */
async function measure(label, clients, sendFrame) {
  const latencies = [];
  let errors = 0;
  let lastReceive = 0;
  const expected = MESSAGES * (clients.length - 1);
  let received = 0;
  let done;
  const finished = new Promise((r) => (done = r));
  clients.forEach((ws, index) => {
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "error") errors++;
      if (frame.type !== "message" || index === 0) return;
      const match = /^bench:(\d+):([\d.]+)$/.exec(frame.message.content);
      if (!match) return;
      const now = performance.now();
      latencies.push(now - Number(match[2]));
      lastReceive = now;
      if (++received === expected) done();
    });
  });
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    clients[0].send(JSON.stringify(sendFrame(`bench:${i}:${performance.now()}`)));
  }
  await Promise.race([finished, sleep(30_000)]);
  latencies.sort((a, b) => a - b);
  const seconds = (lastReceive - start) / 1000;
  const result = {
    label,
    delivered: received,
    expected,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    deliveriesPerSecond: received / seconds,
  };
  console.log(
    `${label.padEnd(22)} delivered ${received}/${expected}, errors ${errors}, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(1)} ms, ${result.deliveriesPerSecond.toFixed(0)} deliveries/s`,
  );
  return result;
}

async function benchRoom() {
  if (!existsSync("build/server/index.js")) build();
  const persistTo = mkdtempSync(join(tmpdir(), "realmcast-bench-"));
  migrateLocal(persistTo);
  const port = await freePort();
  const { child, url } = await serve({ port, persistTo, stdio: ["ignore", "ignore", "inherit"] });
  const sockets = [];
  try {
    const total = PLAYERS + SPECTATORS;
    const cookies = [];
    for (let i = 0; i < total; i++) cookies.push(await signUp(url, i));
    const id = await createRoom(url, cookies[0], PLAYERS);
    for (let i = 0; i < total; i++) {
      const { ws } = await joinRoomSocket(url, id, cookies[i], i < PLAYERS ? "play" : "spectate");
      sockets.push(ws);
    }
    await sleep(500);
    return await measure("GameRoom (wrangler dev)", sockets, (content) => ({ type: "message", sessionId: id, content }));
  } finally {
    for (const ws of sockets) ws.close();
    child.kill("SIGTERM");
    await sleep(500);
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/** A plain Node `ws` broadcast server: the floor a room could reach with no storage, auth or validation. */
async function benchBaseline() {
  const port = await freePort();
  const wss = new WebSocketServer({ port, host: "127.0.0.1" });
  wss.on("connection", (socket) => {
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data));
      const out = JSON.stringify({
        type: "message",
        message: { id: crypto.randomUUID(), content: frame.content, timestamp: new Date().toISOString(), type: "chat" },
      });
      for (const client of wss.clients) client.send(out);
    });
  });
  const sockets = [];
  try {
    for (let i = 0; i < PLAYERS + SPECTATORS; i++) sockets.push(await openSocket(`ws://127.0.0.1:${port}`));
    return await measure("Node ws baseline", sockets, (content) => ({ type: "message", content }));
  } finally {
    for (const ws of sockets) ws.close();
    await new Promise((r) => wss.close(r));
  }
}

console.log(`room fan-out: ${PLAYERS} players + ${SPECTATORS} spectators, ${MESSAGES} chat messages at ${RATE}/s from one player\n`);
const room = await benchRoom();
const baseline = await benchBaseline();
console.log(
  `\nratio room/baseline: p50 ${(room.p50 / baseline.p50).toFixed(2)}x, p99 ${(room.p99 / baseline.p99).toFixed(2)}x, deliveries/s ${(room.deliveriesPerSecond / baseline.deliveriesPerSecond).toFixed(2)}x`,
);
process.exit(0);

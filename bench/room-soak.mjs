// Room soak: ROOMS rooms x SOCKETS sockets (4 players, the rest spectators) for SECONDS at RATE
// chat messages per second per room, through `wrangler dev`. Each message carries a sequence number;
// every receiver must get every message of its room exactly once and in order. Prints latency
// p50/p99 and any `error` frames (an `overloaded` room would show up there).
//
//   node bench/room-soak.mjs [--rooms 20] [--sockets 10] [--seconds 60] [--rate 5]
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { build, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { createRoom, freePort, joinRoomSocket, percentile, signUp, sleep } from "./lib/sockets.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith("--") ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const ROOMS = Number(args.rooms ?? 20);
const SOCKETS = Number(args.sockets ?? 10);
const SECONDS = Number(args.seconds ?? 60);
const RATE = Number(args.rate ?? 5);
const PLAYERS = 4;

if (!existsSync("build/server/index.js")) build();
const persistTo = mkdtempSync(join(tmpdir(), "realmcast-soak-"));
migrateLocal(persistTo);
const { child, url } = await serve({ port: await freePort(), persistTo, stdio: ["ignore", "ignore", "inherit"] });

const rooms = [];
const latencies = [];
let errorFrames = 0;
const errorMessages = new Map();
try {
  console.log(`soak: ${ROOMS} rooms x ${SOCKETS} sockets, ${RATE} msg/s per room for ${SECONDS} s through wrangler dev`);
  for (let r = 0; r < ROOMS; r++) {
    const cookies = [];
    for (let i = 0; i < SOCKETS; i++) cookies.push(await signUp(url, `${r}-${i}`));
    const id = await createRoom(url, cookies[0], PLAYERS, `Soak room ${r}`);
    const receivers = [];
    for (let i = 0; i < SOCKETS; i++) {
      const { ws } = await joinRoomSocket(url, id, cookies[i], i < PLAYERS ? "play" : "spectate");
      const receiver = { ws, index: i, next: 0, duplicates: 0, outOfOrder: 0 };
      ws.addEventListener("message", (event) => {
        const frame = JSON.parse(String(event.data));
        if (frame.type === "error") {
          errorFrames++;
          errorMessages.set(frame.message, (errorMessages.get(frame.message) ?? 0) + 1);
          return;
        }
        if (frame.type !== "message") return;
        const match = /^seq:(\d+):(\d+):([\d.]+)$/.exec(frame.message.content);
        if (!match || Number(match[1]) !== r) return;
        const seq = Number(match[2]);
        if (seq < receiver.next) receiver.duplicates++;
        else if (seq > receiver.next) receiver.outOfOrder++;
        receiver.next = Math.max(receiver.next, seq + 1);
        latencies.push(performance.now() - Number(match[3]));
      });
      receivers.push(receiver);
    }
    rooms.push({ id, receivers, sent: 0 });
  }

  // Players take turns sending, so no socket comes near the room's per-connection frame limit.
  const total = SECONDS * RATE;
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    for (const [r, room] of rooms.entries()) {
      const sender = room.receivers[n % PLAYERS].ws;
      sender.send(JSON.stringify({ type: "message", sessionId: room.id, content: `seq:${r}:${n}:${performance.now()}` }));
      room.sent++;
    }
  }
  await sleep(3000);

  let missing = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  for (const room of rooms) {
    for (const receiver of room.receivers) {
      missing += room.sent - receiver.next;
      duplicates += receiver.duplicates;
      outOfOrder += receiver.outOfOrder;
    }
  }
  latencies.sort((a, b) => a - b);
  const expected = rooms.reduce((sum, room) => sum + room.sent * room.receivers.length, 0);
  console.log(`sent ${rooms.reduce((s, r) => s + r.sent, 0)} messages, deliveries ${latencies.length}/${expected}`);
  console.log(`missing ${missing}, duplicates ${duplicates}, out of order ${outOfOrder}, error frames ${errorFrames}`);
  for (const [message, count] of errorMessages) console.log(`  error "${message}" x${count}`);
  console.log(
    `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
  );
  process.exitCode = missing || duplicates || outOfOrder || errorFrames ? 1 : 0;
} finally {
  for (const room of rooms) for (const r of room.receivers) r.ws.close();
  child.kill("SIGTERM");
  await sleep(500);
  rmSync(persistTo, { recursive: true, force: true });
}

// What the members' inbox sockets (issue 37, workers/contract/inbox.ts) cost while nothing happens, and what a ring
// costs. One `wrangler dev` of the built app; its workerd's CPU is read from Linux's counters (/proc/<pid>/stat)
// over windows of the same length, in the same run:
//   1. baseline: no socket open (the runtime idling with the app loaded);
//   2. idle: --members members with --tabs open inbox sockets each, nothing sent (two windows in a row);
//   3. pings: the same sockets, each sending the page's keep-alive "ping" once (answered by the runtime's
//      auto-response, without waking the member's inbox);
//   4. rings: --rings friend requests (each notifies one member: a ring to their inbox, which tells their tabs).
// Idle CPU is reported as the idle window's milliseconds over the baseline's (the ratio is what counts: the
// absolute figures carry the machine's load).
//   npm run build && node bench/inbox-idle.mjs [--members 50] [--tabs 2] [--seconds 30] [--rings 50] [--json]
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, freePort, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { cpuMs, descendantsNamed } from "./lib/cpu.mjs";
import { signUp, sleep } from "./lib/sockets.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .flatMap((arg, i, all) => (arg.startsWith("--") ? [[arg.slice(2), all[i + 1]?.startsWith("--") ? "" : (all[i + 1] ?? "")]] : [])),
);
const MEMBERS = Number(args.members || 50);
const TABS = Number(args.tabs || 2);
const SECONDS = Number(args.seconds || 30);
const RINGS = Number(args.rings || 50);

function openInbox(url, cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/ws/inbox`, { headers: { Cookie: cookie, Origin: url } });
    const messages = [];
    ws.addEventListener("message", (event) => messages.push(String(event.data)));
    ws.addEventListener("open", () => resolve({ ws, messages }), { once: true });
    ws.addEventListener("error", () => reject(new Error("inbox socket failed")), { once: true });
  });
}

async function window(pids, during = async () => {}) {
  const before = cpuMs(pids);
  const started = Date.now();
  await during();
  const left = SECONDS * 1000 - (Date.now() - started);
  if (left > 0) await sleep(left);
  return cpuMs(pids) - before;
}

if (!existsSync("build/server/index.js")) build();
const persistTo = mkdtempSync(join(tmpdir(), "realmcast-inbox-"));
migrateLocal(persistTo);
const port = await freePort();
const { child, url } = await serve({ port, persistTo, stdio: ["ignore", "ignore", "inherit"] });
const open = [];
try {
  const workerd = descendantsNamed(child.pid, "workerd");
  if (workerd.length === 0) throw new Error("no workerd process under wrangler dev");
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const cookie = await signUp(url, `inbox${i}`);
    const me = await (await fetch(`${url}/api/auth/user`, { headers: { Cookie: cookie } })).json();
    members.push({ cookie, id: me.id });
  }
  await sleep(2000);
  const baseline = await window(workerd);
  for (const m of members) for (let t = 0; t < TABS; t++) open.push(await openInbox(url, m.cookie));
  await sleep(2000);
  const idle = await window(workerd);
  const idleAgain = await window(workerd);
  const pings = await window(workerd, async () => {
    for (const s of open) s.ws.send("ping");
    while (open.some((s) => !s.messages.includes("pong"))) await sleep(50);
  });
  const rung = await window(workerd, async () => {
    for (let i = 0; i < RINGS; i++) {
      const from = members[(i + 1) % members.length];
      const to = members[i % members.length];
      await fetch(`${url}/api/friend-requests`, {
        method: "POST",
        headers: { Cookie: from.cookie, Origin: url, "Content-Type": "application/json" },
        body: JSON.stringify({ addresseeId: to.id }),
      });
    }
    const told = members.slice(0, Math.min(RINGS, MEMBERS)).length * TABS;
    while (open.filter((s) => s.messages.some((m) => m.includes("notifications"))).length < told) await sleep(50);
  });
  const result = {
    members: MEMBERS,
    sockets: open.length,
    seconds: SECONDS,
    cpuMs: { baseline, idle, idleAgain, pings, rings: rung },
    idleOverBaseline: Number((idle / Math.max(baseline, 1)).toFixed(2)),
    pingMsEach: Number(((pings - baseline) / open.length).toFixed(3)),
    ringMsEach: Number(((rung - baseline) / RINGS).toFixed(2)),
  };
  if (args.json !== undefined) console.log(JSON.stringify(result));
  else {
    console.log(`workerd CPU over ${SECONDS} s windows, ${open.length} inbox sockets of ${MEMBERS} members:`);
    console.log(`  baseline (no socket)        ${baseline.toFixed(0)} ms`);
    console.log(`  idle (sockets open)         ${idle.toFixed(0)} ms   (${result.idleOverBaseline}x the baseline)`);
    console.log(`  idle again                  ${idleAgain.toFixed(0)} ms`);
    console.log(`  one ping per socket         ${pings.toFixed(0)} ms   (${result.pingMsEach} ms a ping over the baseline)`);
    console.log(
      `  ${RINGS} friend requests, rung  ${rung.toFixed(0)} ms   (${result.ringMsEach} ms a request and its ring over the baseline)`,
    );
  }
} finally {
  for (const s of open) s.ws.close();
  child.kill("SIGTERM");
  await sleep(500);
  rmSync(persistTo, { recursive: true, force: true });
}

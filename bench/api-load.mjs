// API and page throughput and latency against `wrangler dev` with a large data set, and the same requests at
// 1/10 of the data, side by side: cost should stay flat as data grows (indexes, pagination). Two tables:
// visitors (no cookie) and a signed-in member (every request reads the session from KV and the member from D1).
// Usage: node bench/api-load.mjs [seconds-per-request=8]
import autocannon from "autocannon";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { largeDatasetSql } from "./large-dataset.mjs";
import { signUp } from "./lib/sockets.mjs";

const SECONDS = Number(process.argv[2] ?? 8);
const today = new Date();
const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)).toISOString().slice(0, 10);
const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);

const VISITOR = [
  "/api/communities",
  "/api/events?communityId=scry-gather&upcoming=true",
  "/api/forum/posts?communityId=scry-gather",
  "/api/game-sessions?status=waiting",
];

/** The lobby's filters (format, powerLevel, q) where the API declares them; the realm filter otherwise. */
async function lobbyPath(url) {
  const doc = await (await fetch(`${url}/api/openapi.json`)).json();
  const declared = new Set((doc.paths?.["/api/game-sessions"]?.get?.parameters ?? []).map((p) => p.name));
  const wanted = ["format", "powerLevel", "q"];
  const filters = wanted.every((name) => declared.has(name));
  const path = filters
    ? "/api/game-sessions?status=waiting&communityId=scry-gather&format=commander&powerLevel=focused&q=room"
    : "/api/game-sessions?status=waiting&communityId=scry-gather";
  return {
    path,
    note: filters
      ? "lobby filters: format, powerLevel, q"
      : "lobby filters format/powerLevel/q not declared by this API: realm filter only",
  };
}

async function memberRequests(url) {
  const lobby = await lobbyPath(url);
  return {
    note: lobby.note,
    paths: [
      "/api/auth/user",
      lobby.path,
      "/api/forum/posts?communityId=scry-gather&q=post%2012",
      `/api/events?communityId=scry-gather&from=${monthStart}&to=${monthEnd}`,
      "/tablesync",
      "/community-forum?q=post%2012",
      "/calendar",
    ],
  };
}

async function load(url, path, cookie) {
  const headers = cookie ? { cookie } : {};
  // One probe asks for the rows D1 read (the server allows it, MEASURE_D1_ROWS); the timed load does not.
  const probe = await fetch(url + path, { headers: { ...headers, "x-measure-d1-rows": "1" } });
  const timing = probe.headers.get("server-timing") ?? "";
  const queries = /desc="(\d+) queries"/.exec(timing)?.[1] ?? "?";
  const rows = /desc="(\d+) rows read"/.exec(timing)?.[1] ?? "?";
  if (!probe.ok) throw new Error(`${path} answered ${probe.status}`);
  await probe.arrayBuffer();
  const r = await autocannon({ url: url + path, connections: 10, duration: SECONDS, headers });
  return { path, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, queries, rows };
}

async function measure(scale, port) {
  const dir = mkdtempSync(join(tmpdir(), `realmcast-bench-${scale}-`));
  migrateLocal(dir);
  const file = join(dir, "data.sql");
  writeFileSync(file, largeDatasetSql(scale));
  const loaded = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", dir, "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" },
  });
  if (loaded.status !== 0) throw new Error("loading the data set failed");
  const { child, url } = await serve({
    port,
    persistTo: dir,
    stdio: ["ignore", "ignore", "ignore"],
    extraArgs: ["--var", "MEASURE_D1_ROWS:true"],
  });
  try {
    const visitor = [];
    for (const path of VISITOR) visitor.push(await load(url, path, null));
    const cookie = await signUp(url, `load-${scale}`);
    const member = await memberRequests(url);
    const signedIn = [];
    for (const path of member.paths) signedIn.push(await load(url, path, cookie));
    return { visitor, signedIn, note: member.note };
  } finally {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

function table(title, full, tenth) {
  console.log(`\n${title}`);
  console.log(
    "request".padEnd(70),
    "req/s".padStart(7),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "D1 q".padStart(5),
    "rows".padStart(7),
    "rows @1/10".padStart(11),
    "p99 @1/10".padStart(10),
    "p99 ratio".padStart(10),
  );
  for (const r of full) {
    const t = tenth.find((x) => x.path === r.path);
    console.log(
      r.path.padEnd(70),
      r.reqPerSec.toFixed(0).padStart(7),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      String(r.queries).padStart(5),
      String(r.rows).padStart(7),
      String(t.rows).padStart(11),
      String(t.p99).padStart(10),
      (r.p99 / Math.max(1, t.p99)).toFixed(2).padStart(10),
      r.errors ? `  (${r.errors} errors)` : "",
    );
  }
}

if (!existsSync("build/server/index.js")) build();
const full = await measure(1, 8911);
const tenth = await measure(0.1, 8912);
console.log(
  `\nAPI load through wrangler dev (autocannon, 10 connections, ${SECONDS} s per request); data: 10,000 members and events, 50,000 forum posts, 500 rooms, and 1/10 of that`,
);
table("Visitors (no session)", full.visitor, tenth.visitor);
table(`Signed in (session cookie; ${full.note})`, full.signedIn, tenth.signedIn);

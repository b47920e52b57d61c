// API throughput and latency against `wrangler dev` with a large data set, and the same endpoints
// at 1/10 of the data, side by side: cost should stay flat as data grows (indexes, pagination).
// Usage: node bench/api-load.mjs [seconds-per-endpoint=8]
import autocannon from "autocannon";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal, serve, build } from "../scripts/local-stack.mjs";
import { largeDatasetSql } from "./large-dataset.mjs";
import { existsSync } from "node:fs";

const SECONDS = Number(process.argv[2] ?? 8);
const ENDPOINTS = [
  "/api/communities",
  "/api/events?communityId=scry-gather&upcoming=true",
  "/api/forum/posts?communityId=scry-gather",
  "/api/game-sessions?status=waiting",
];

async function measure(scale, port) {
  const dir = mkdtempSync(join(tmpdir(), `realmcast-bench-${scale}-`));
  migrateLocal(dir);
  const file = join(dir, "data.sql");
  writeFileSync(file, largeDatasetSql(scale));
  const load = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", dir, "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" },
  });
  if (load.status !== 0) throw new Error("loading the data set failed");
  const { child, url } = await serve({ port, persistTo: dir, stdio: ["ignore", "ignore", "ignore"] });
  const results = [];
  try {
    for (const path of ENDPOINTS) {
      const probe = await fetch(url + path);
      const queries = /desc="(\d+) queries"/.exec(probe.headers.get("server-timing") ?? "")?.[1] ?? "?";
      if (!probe.ok) throw new Error(`${path} answered ${probe.status}`);
      await probe.arrayBuffer();
      const r = await autocannon({ url: url + path, connections: 10, duration: SECONDS });
      results.push({ path, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, queries });
    }
  } finally {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (!existsSync("build/server/index.js")) build();
const full = await measure(1, 8911);
const tenth = await measure(0.1, 8912);
console.log(`\nAPI load through wrangler dev (autocannon, 10 connections, ${SECONDS} s per endpoint)`);
console.log(
  "endpoint".padEnd(52),
  "req/s".padStart(8),
  "p50 ms".padStart(8),
  "p99 ms".padStart(8),
  "D1 q".padStart(5),
  "p99 @1/10".padStart(10),
  "p99 ratio".padStart(10),
);
for (const r of full) {
  const t = tenth.find((x) => x.path === r.path);
  console.log(
    r.path.padEnd(52),
    r.reqPerSec.toFixed(0).padStart(8),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    String(r.queries).padStart(5),
    String(t.p99).padStart(10),
    (r.p99 / Math.max(1, t.p99)).toFixed(2).padStart(10),
    r.errors ? `  (${r.errors} errors)` : "",
  );
}

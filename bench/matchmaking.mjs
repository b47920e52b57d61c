// Matchmaking search latency at 1,000 and at 10,000 members with saved preferences.
//
//   npx remix vite:build && node bench/matchmaking.mjs [--requests 50]
//
// Seeds a throw-away local D1 (--persist-to a temp dir, never the developer's data) with
// generated members, serves it with `wrangler dev`, and times POST /api/matchmaking/find-players
// from this process (HTTP over localhost included). First 1,000 members, then 9,000 more in the
// same database, each size with fresh searchers. Prints p50/p99 per size and the 10k/1k ratio.
// Not part of `npm test`.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { build, freePort, migrateLocal, serve } from "../scripts/local-stack.mjs";

const REQUESTS = Number(process.argv[process.argv.indexOf("--requests") + 1]) || 50;
const WARMUP = 5;
const SEARCHES_PER_SEARCHER = 20; // the API allows 30 searches a minute per member
const GAMES = ["Magic", "Pokemon", "Lorcana", "Yu-Gi-Oh"];
const FORMATS = {
  Magic: ["commander", "standard", "modern", "legacy", "draft"],
  Pokemon: ["pokemon-standard", "pokemon-expanded"],
  Lorcana: ["lorcana-constructed"],
  "Yu-Gi-Oh": ["yugioh-advanced"],
};
const PLAYSTYLES = ["any", "casual", "focused", "optimized", "competitive"];
const AVAILABILITY = ["any", "weekday-evenings", "weekends", "daytime", "late-night"];
const LANGUAGES = ["english", "english", "english", "spanish", "french", "german", "japanese"];
const CITIES = ["Austin, USA", "Berlin, Germany", "Lyon, France", "Osaka, Japan", "Lima, Peru", "Dublin, Ireland", ""];

// Deterministic pseudo-random numbers, so every run seeds the same members.
let state = 0x9e3779b9;
function rand() {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

/** SQL for members [from, to): users, their preferences and games index, 500 rows per INSERT. */
function membersSql(from, to) {
  const now = Date.now();
  const users = [];
  const prefs = [];
  const games = [];
  for (let i = from; i < to; i++) {
    const id = `bench-${String(i).padStart(6, "0")}`;
    // Magic is the most common game, as it is on the site; each member plays 1 to 3 games.
    const mine = [...new Set([rand() < 0.6 ? "Magic" : pick(GAMES), ...Array.from({ length: Math.floor(rand() * 3) }, () => pick(GAMES))])];
    const formats = [...new Set(mine.flatMap((g) => (rand() < 0.7 ? [pick(FORMATS[g])] : [])))];
    const low = 1 + Math.floor(rand() * 8);
    const high = Math.min(10, low + Math.floor(rand() * 4));
    const lastActive = now - Math.floor(rand() * 30 * 24 * 3600_000);
    users.push(
      `(${q(id)}, ${q(`${id}@bench.realmcast.gg`)}, ${q(`Bench${i}`)}, 'Player', ${q(rand() < 0.3 ? "online" : "offline")}, ${lastActive})`,
    );
    prefs.push(
      `(${q(id)}, ${q(JSON.stringify(mine))}, ${q(JSON.stringify(formats))}, ${low}, ${high}, ${q(pick(PLAYSTYLES))}, ${q(pick(CITIES))}, ${rand() < 0.2 ? 1 : 0}, ${q(pick(AVAILABILITY))}, ${q(pick(LANGUAGES))}, ${Math.floor(rand() * 200)})`,
    );
    for (const g of mine) games.push(`(${q(id)}, ${q(g)})`);
  }
  const chunks = (rows, head) => {
    const out = [];
    for (let i = 0; i < rows.length; i += 500) out.push(`${head} VALUES\n${rows.slice(i, i + 500).join(",\n")};`);
    return out.join("\n");
  };
  return [
    chunks(users, "INSERT INTO users (id, email, first_name, last_name, status, last_active_at)"),
    chunks(
      prefs,
      "INSERT INTO matchmaking_preferences (user_id, selected_games, selected_formats, power_level_min, power_level_max, playstyle, location, online_only, availability, language, max_distance)",
    ),
    chunks(games, "INSERT INTO matchmaking_games (user_id, game)"),
  ].join("\n");
}

function seedMembers(persistTo, from, to) {
  const file = join(persistTo, `members-${from}-${to}.sql`);
  writeFileSync(file, membersSql(from, to));
  const result = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" },
  });
  if (result.status !== 0) throw new Error("seeding failed");
}

const SEARCH = {
  selectedGames: ["Magic", "Pokemon"],
  selectedFormats: ["commander", "pokemon-standard"],
  powerLevelMin: 5,
  powerLevelMax: 8,
  playstyle: "focused",
  location: "Berlin, Germany",
  onlineOnly: false,
  availability: "weekends",
  language: "english",
  maxDistance: 50,
};

async function signIn(url, name) {
  const res = await fetch(`${url}/api/login/dev`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ firstName: name, lastName: "Searcher", email: `${name.toLowerCase()}-${Date.now()}@bench.realmcast.gg` }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_session="));
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(";")[0];
}

async function measure(url, label) {
  const total = WARMUP + REQUESTS;
  const searchers = [];
  for (let i = 0; i < Math.ceil(total / SEARCHES_PER_SEARCHER); i++) searchers.push(await signIn(url, `${label}s${i}`));
  const times = [];
  let resultCount = 0;
  for (let i = 0; i < total; i++) {
    const cookie = searchers[Math.floor(i / SEARCHES_PER_SEARCHER)];
    const start = performance.now();
    const res = await fetch(`${url}/api/matchmaking/find-players`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url, Cookie: cookie },
      body: JSON.stringify(SEARCH),
    });
    const body = await res.json();
    const elapsed = performance.now() - start;
    if (!res.ok) throw new Error(`find-players ${res.status}: ${JSON.stringify(body)}`);
    resultCount = body.length;
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { label, p50: at(50), p99: at(99), results: resultCount };
}

async function phase(persistTo, label) {
  const port = await freePort();
  const { child, url } = await serve({ port, persistTo, stdio: ["ignore", "ignore", "ignore"] });
  try {
    return await measure(url, label);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

if (!existsSync("build/server/index.js")) build();
const persistTo = mkdtempSync(join(tmpdir(), "realmcast-bench-"));
try {
  migrateLocal(persistTo);
  seedMembers(persistTo, 0, 1_000);
  const small = await phase(persistTo, "1k");
  seedMembers(persistTo, 1_000, 10_000);
  const large = await phase(persistTo, "10k");
  const fmt = (r) =>
    `${r.label.padStart(4)} members: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${REQUESTS} requests, ${r.results} results)`;
  console.log(`\nPOST /api/matchmaking/find-players (wrangler dev, local D1)`);
  console.log(fmt(small));
  console.log(fmt(large));
  console.log(`ratio 10k/1k: p50 ${(large.p50 / small.p50).toFixed(2)}x, p99 ${(large.p99 / small.p99).toFixed(2)}x`);
} finally {
  rmSync(persistTo, { recursive: true, force: true });
}

// npm run check:dev (and in npm test): `npm run dev` keeps up with edits. On a copy of the working tree (so an
// interrupted run never leaves an edit behind), it starts the dev server and, in Chromium:
//   1. edits a component's text and times how long the open page takes to show it (hot module replacement);
//   2. edits the / loader and checks that the next request carries the change (no rebuild);
//   3. edits an /api handler and checks the same;
//   4. signs in, creates a room and joins it over /ws: D1, KV and the GameRoom Durable Object work in dev.
// It prints the times. DEV_LOOP_BUDGET_MS (default 2000) is the aim for step 1, checked only when
// DEV_LOOP_STRICT=1: on a loaded CI machine the figure is reported, not asserted (README, "Tests").
import { chromium } from "@playwright/test";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { freePort } from "./local-stack.mjs";

const budgetMs = Number(process.env.DEV_LOOP_BUDGET_MS ?? 2000);
const strict = process.env.DEV_LOOP_STRICT === "1";
const root = process.cwd();
const copy = mkdtempSync(join(tmpdir(), "realmcast-dev-loop-"));
const tracked = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).stdout;
for (const file of tracked.split("\0").filter(Boolean)) {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  try {
    cpSync(join(root, file), join(copy, file));
  } catch {
    // deleted in the working tree but still in the index
  }
}
symlinkSync(resolve(root, "node_modules"), join(copy, "node_modules"));

const port = await freePort();
const base = `http://localhost:${port}`;
const server = spawn("node", ["scripts/dev.mjs"], {
  cwd: copy,
  env: { ...process.env, PORT: String(port) },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let log = "";
server.stdout.on("data", (d) => (log += d));
server.stderr.on("data", (d) => (log += d));

const edit = (file, from, to) => {
  const path = join(copy, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update this check`);
  writeFileSync(path, text.replace(from, to));
};

// Only bounds a failing start: on CI the dev server starts beside the e2e server (scripts/e2e.mjs --dev-loop), and
// on a loaded 2-core machine its first start (dependency pre-bundling, workerd) has taken over 180 s.
const START_TIMEOUT_MS = 360_000;

async function waitUntilUp() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server exited with ${server.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${base}/api/communities`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the dev server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
}

async function untilTrue(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A request that lands while the Worker's modules reload may be reset: that is a "not yet".
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}: not seen within ${timeoutMs} ms\n${log.slice(-4000)}`);
}

/**
 * Waits for `shown` after an edit of `file`; while it times out, writes the file again (the same text, a new
 * modification time), three writes in all. A clean-clone CI run (2026-11-28, the dev server started beside the unit
 * tests on both cores) waited 30 s for the first edit with the page never updating, and the dev server answered
 * requests all along: its file watcher can still be setting up when the first write lands. Returns how many writes it
 * took (reported: more than one says the first was missed).
 */
async function writtenUntilShown(file, shown, writes = 3) {
  for (let n = 1; ; n++) {
    try {
      await shown();
      return n;
    } catch (error) {
      if (n >= writes) throw new Error(`${file}: the edit was not shown after ${n} writes\n${log.slice(-4000)}`, { cause: error });
      const path = join(copy, file);
      writeFileSync(path, readFileSync(path, "utf8"));
    }
  }
}

const results = {};
let browser;
try {
  await waitUntilUp();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 120_000 });
  // The page's client modules are all loaded once the first edit is timed (a cold page would time the loading).
  await page.waitForLoadState("networkidle");

  // 1. A component's text, in the open page.
  const heading = page.getByRole("heading", { name: "Choose your realm" });
  await heading.waitFor();
  await page.evaluate(() => (globalThis.devLoopMark = true));
  const started = Date.now();
  edit("app/components/landing/landing-page.tsx", "Choose your realm", "Choose your realm, edited");
  results.componentWrites = await writtenUntilShown("app/components/landing/landing-page.tsx", () =>
    page.getByRole("heading", { name: "Choose your realm, edited" }).waitFor({ timeout: 10_000 }),
  );
  results.componentEditMs = Date.now() - started;
  // A full reload would have dropped the mark set before the edit: the update happened in place.
  if (!(await page.evaluate(() => globalThis.devLoopMark === true))) throw new Error("the page reloaded instead of updating in place");

  // 2. A loader: the next request runs the edited code.
  edit(
    "app/routes/_index/route.tsx",
    "memberCounts: await communityMemberCounts(context.db) }",
    'memberCounts: await communityMemberCounts(context.db), devLoopProbe: "loader-edit-seen" }',
  );
  const loaderStarted = Date.now();
  await untilTrue("the loader edit", async () => (await (await fetch(`${base}/`)).text()).includes("loader-edit-seen"));
  results.loaderEditMs = Date.now() - loaderStarted;

  // 3. An /api handler.
  edit(
    "workers/api/communities.ts",
    'c.header("Cache-Control", "public, max-age=60");',
    'c.header("Cache-Control", "public, max-age=60"); c.header("X-Dev-Loop", "api-edit-seen");',
  );
  const apiStarted = Date.now();
  await untilTrue("the /api edit", async () => (await fetch(`${base}/api/communities`)).headers.get("x-dev-loop") === "api-edit-seen");
  results.apiEditMs = Date.now() - apiStarted;

  // 4. D1, KV and the room's Durable Object: sign in, create a room, join it over the socket.
  const signIn = await fetch(`${base}/api/login/dev`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Dev", lastName: "Loop", email: `dev-loop-${Date.now()}@example.test` }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("realmcast_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`dev sign-in gave no session (${signIn.status})`);
  const created = await fetch(`${base}/api/game-sessions`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ maxPlayers: 4, communityId: "bladeforge", gameData: { name: "Dev loop table", format: "commander" } }),
  });
  if (created.status !== 201) throw new Error(`room creation answered ${created.status}: ${await created.text()}`);
  const room = await created.json();
  const socket = new WebSocket(`ws://localhost:${port}/ws?sessionId=${room.id}`, { headers: { Cookie: cookie, Origin: base } });
  const state = await new Promise((resolveFrame, reject) => {
    const timer = setTimeout(() => reject(new Error("no room_state frame within 30 s")), 30_000);
    socket.addEventListener("open", () =>
      socket.send(JSON.stringify({ type: "join_room", sessionId: room.id, user: { id: "x", name: "x", avatar: null } })),
    );
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "room_state" || frame.type === "error") {
        clearTimeout(timer);
        resolveFrame(frame);
      }
    });
    socket.addEventListener("error", () => reject(new Error("the room socket failed")));
  });
  socket.close();
  if (state.type !== "room_state") throw new Error(`join_room answered ${JSON.stringify(state)}`);
  results.roomJoined = true;

  console.log(
    `dev loop: component edit shown in ${results.componentEditMs} ms (aim ${budgetMs}; ${results.componentWrites} write${results.componentWrites > 1 ? "s" : ""}), loader edit in ${results.loaderEditMs} ms, ` +
      `/api edit in ${results.apiEditMs} ms; a room joined over /ws`,
  );
  if (strict && results.componentEditMs > budgetMs)
    throw new Error(`the component edit took ${results.componentEditMs} ms, over ${budgetMs}`);
} finally {
  await browser?.close();
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  rmSync(copy, { recursive: true, force: true });
}

// Video upload benchmark (issue 40): what each player of a full table sends, in Chromium with fake cameras.
//
// A real room through `wrangler dev` (the e2e runner's stack: built app, migrated and seeded D1, the fake card and
// TURN services): --players members seated (the first creates the room, the others join through the API) and
// --spectators watching, each a browser context of one Chromium with a fake camera. The first --cameras players
// turn their camera on. Once every spectator plays every camera and every player every other camera, the run
// waits --settle seconds (a new connection's bandwidth estimate ramps up), then reads each player's WebRTC
// statistics (every RTCPeerConnection the page made, recorded by an init script) twice, --window seconds apart:
// bytes sent by the video senders (payload and RTP headers) per connection, to players and to spectators, and the
// audio beside it; the encoder's target bitrate, picture size and frame rate, and what limited it.
//
//   node bench/video-upload.mjs [--players 4] [--spectators 6] [--cameras 4] [--window 20] [--settle 20]
//                               [--no-budget] [--camera-file auto|pattern|<file.y4m>] [--json]
//
// --no-budget runs main's code before issue 40: the page's RTCRtpSender.setParameters does nothing (the budget's
// only lever), so every sender keeps Chromium's own limits. The camera is by default a 1280×720, 20 frames a
// second Y4M made with ffmpeg (a moving test picture with sensor-like noise, so the encoder spends what it is
// allowed as a real webcam does); "pattern" uses Chromium's built-in fake camera (a mostly flat picture, which the
// encoder compresses far under its target).
/* global window, document, RTCRtpSender -- the init script and the statistics run in the page */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { FAKE_TURN_API_TOKEN, FAKE_TURN_KEY_ID, startFakeTurnService } from "../scripts/fakes/turn-service.mjs";
import { build, freePort, migrateLocal, seedLocal, serve } from "../scripts/local-stack.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "4" },
    spectators: { type: "string", default: "6" },
    cameras: { type: "string" },
    window: { type: "string", default: "20" },
    settle: { type: "string", default: "20" },
    "no-budget": { type: "boolean", default: false },
    "camera-file": { type: "string", default: "auto" },
    json: { type: "boolean", default: false },
  },
});
const PLAYERS = Number(args.players);
const SPECTATORS = Number(args.spectators);
const CAMERAS = Number(args.cameras ?? args.players);
const WINDOW_S = Number(args.window);
const SETTLE_S = Number(args.settle);
const log = (...line) => (args.json ? undefined : console.log(...line));

/** A webcam-like fake camera: 1280×720 at 20 frames a second, moving, with temporal noise. */
function cameraFile(dir) {
  if (args["camera-file"] === "pattern") return null;
  if (args["camera-file"] !== "auto") return args["camera-file"];
  const file = join(dir, "camera.y4m");
  const made = spawnSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=20"],
    ...["-vf", "noise=alls=8:allf=t", "-t", "6", "-pix_fmt", "yuv420p", "-y", file],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the fake camera: ${made.stderr}`);
  return file;
}

// Records every RTCPeerConnection the page makes, for the statistics; with --no-budget, the budget's setParameters does nothing.
const initScript = ({ noBudget }) => {
  const made = (window.__benchPcs = []);
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...a) {
      super(...a);
      made.push(this);
    }
  };
  if (noBudget) RTCRtpSender.prototype.setParameters = () => Promise.resolve();
};

/** Cumulative counters of every connected connection that sends video, with what they are sending now. */
const readStats = () =>
  Promise.all(
    window.__benchPcs
      .map((pc, id) => ({ pc, id }))
      .filter(({ pc }) => pc.connectionState === "connected")
      .map(async ({ pc, id }) => {
        const sends = pc.getTransceivers().filter((t) => t.currentDirection === "sendrecv" || t.currentDirection === "sendonly");
        if (!sends.some((t) => t.receiver.track.kind === "video")) return null;
        const to = sends.some((t) => t.currentDirection === "sendonly") ? "spectator" : "player";
        const video = sends.find((t) => t.receiver.track.kind === "video").sender;
        const params = video.getParameters();
        const entries = [...(await pc.getStats()).values()];
        const out = (kind) => entries.find((s) => s.type === "outbound-rtp" && s.kind === kind);
        const v = out("video");
        const a = out("audio");
        const selected = entries.find((s) => s.type === "transport" && s.selectedCandidatePairId)?.selectedCandidatePairId;
        const pair = entries.find((s) => s.type === "candidate-pair" && s.id === selected);
        return {
          id,
          to,
          at: performance.now(),
          videoBytes: v ? v.bytesSent + v.headerBytesSent : 0,
          audioBytes: a ? a.bytesSent + a.headerBytesSent : 0,
          framesEncoded: v?.framesEncoded ?? 0,
          targetBitrate: v?.targetBitrate ?? null,
          frameHeight: v?.frameHeight ?? null,
          reason: v?.qualityLimitationReason ?? null,
          available: pair?.availableOutgoingBitrate ?? null,
          maxBitrate: params.encodings[0]?.maxBitrate ?? null,
          scale: params.encodings[0]?.scaleResolutionDownBy ?? null,
        };
      }),
  ).then((rows) => rows.filter(Boolean));

async function main() {
  if (!existsSync("build/server/index.js")) build();
  const dir = mkdtempSync(join(tmpdir(), "realmcast-video-upload-"));
  const persistTo = join(dir, "state");
  migrateLocal(persistTo);
  seedLocal(persistTo);
  const turn = await startFakeTurnService();
  const turnVars = [`TURN_KEY_ID:${FAKE_TURN_KEY_ID}`, `TURN_KEY_API_TOKEN:${FAKE_TURN_API_TOKEN}`, `TURN_SERVICE_URL:${turn.url}`];
  const { child, url } = await serve({
    port: await freePort(),
    persistTo,
    stdio: ["ignore", "ignore", "inherit"],
    extraArgs: turnVars.flatMap((v) => ["--var", v]),
  });
  const camera = cameraFile(dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      ...["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      ...["--no-first-run", "--disable-quic", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
      ...(camera ? [`--use-file-for-fake-video-capture=${camera}`] : []),
    ],
  });
  try {
    return await run(browser, url);
  } finally {
    await browser.close();
    child.kill("SIGTERM");
    await turn.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function member(browser, url, n, viewport) {
  const context = await browser.newContext({ baseURL: url, viewport });
  await context.addInitScript(initScript, { noBudget: args["no-budget"] });
  const page = await context.newPage();
  const res = await context.request.post("/api/login/dev", {
    form: { firstName: `Bench${n}`, lastName: "Member", email: `bench-${n}-${Date.now()}@bench.realmcast.gg` },
    headers: { Origin: url },
    maxRedirects: 0,
  });
  if (res.status() !== 303) throw new Error(`dev sign-in answered ${res.status()}`);
  return { context, page };
}

async function api(page, url, method, path, data) {
  const res = await page.context().request.fetch(path, { method, data, headers: { Origin: url } });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : res.json();
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const playingVideos = (page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="remote-video"]')].filter((v) => v.videoWidth > 0 && !v.paused).length);

async function run(browser, url) {
  const desktop = { width: 1366, height: 768 };
  const players = [];
  for (let n = 0; n < PLAYERS; n++) players.push(await member(browser, url, n, desktop));
  const spectators = [];
  for (let n = 0; n < SPECTATORS; n++) spectators.push(await member(browser, url, PLAYERS + n, desktop));
  const room = await api(players[0].page, url, "POST", "/api/game-sessions", {
    maxPlayers: Math.max(PLAYERS, 2),
    communityId: "duelcraft",
    gameData: { name: `Video upload bench ${Date.now()}`, format: "commander" },
  });
  for (const p of players.slice(1)) await api(p.page, url, "POST", `/api/game-sessions/${room.id}/join`);
  for (const s of spectators) await api(s.page, url, "POST", `/api/game-sessions/${room.id}/spectate`);
  const path = `/tablesync/room/${room.id}`;
  for (const { page } of players) await page.goto(path);
  for (const { page } of spectators) await page.goto(`${path}?mode=spectate`);
  for (const { page } of [...players, ...spectators]) await page.getByText("Connected", { exact: true }).waitFor({ timeout: 60_000 });
  log(
    `Room ${room.id}: ${PLAYERS} players (${CAMERAS} with a camera), ${SPECTATORS} spectators; budget ${args["no-budget"] ? "OFF" : "on"}`,
  );
  for (const { page } of players.slice(0, CAMERAS)) await page.getByRole("button", { name: "Enable Camera" }).click();
  const started = Date.now();
  await waitFor(
    "every camera to play on every page",
    async () => {
      for (const [i, { page }] of players.entries()) if ((await playingVideos(page)) < CAMERAS - (i < CAMERAS ? 1 : 0)) return false;
      for (const { page } of spectators) if ((await playingVideos(page)) < Math.min(CAMERAS, 4)) return false;
      return true;
    },
    240_000,
  );
  log(`All videos playing after ${((Date.now() - started) / 1000).toFixed(0)} s; settling ${SETTLE_S} s, then measuring ${WINDOW_S} s`);
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  const senders = players.slice(0, CAMERAS);
  const before = await Promise.all(senders.map(({ page }) => page.evaluate(readStats)));
  const load = loadavg()[0];
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  const after = await Promise.all(senders.map(({ page }) => page.evaluate(readStats)));
  const loadAfter = loadavg()[0];

  const perPlayer = after.map((rows, i) => {
    const start = new Map(before[i].map((r) => [r.id, r]));
    const connections = rows
      .filter((r) => start.has(r.id))
      .map((r) => {
        const s = start.get(r.id);
        const seconds = (r.at - s.at) / 1000;
        return {
          to: r.to,
          videoMbps: ((r.videoBytes - s.videoBytes) * 8) / seconds / 1e6,
          audioMbps: ((r.audioBytes - s.audioBytes) * 8) / seconds / 1e6,
          fps: (r.framesEncoded - s.framesEncoded) / seconds,
          targetMbps: r.targetBitrate / 1e6,
          frameHeight: r.frameHeight,
          reason: r.reason,
          availableMbps: r.available === null ? null : r.available / 1e6,
          maxBitrate: r.maxBitrate,
          scale: r.scale,
        };
      });
    const sum = (list, key) => list.reduce((t, c) => t + c[key], 0);
    return {
      player: i + 1,
      connections,
      videoMbps: sum(connections, "videoMbps"),
      audioMbps: sum(connections, "audioMbps"),
      targetMbps: sum(connections, "targetMbps"),
    };
  });
  return {
    budget: !args["no-budget"],
    players: PLAYERS,
    spectators: SPECTATORS,
    cameras: CAMERAS,
    window: WINDOW_S,
    load: [load, loadAfter],
    perPlayer,
  };
}

const report = await main();
if (args.json) console.log(JSON.stringify(report, null, 1));
else {
  const f = (n) => (n === null || n === undefined ? "-" : n.toFixed(2));
  for (const p of report.perPlayer) {
    console.log(
      `Player ${p.player}: video ${f(p.videoMbps)} Mbit/s (+ audio ${f(p.audioMbps)}) over ${p.connections.length} connections; encoders' targets sum ${f(p.targetMbps)} Mbit/s`,
    );
    for (const kind of ["player", "spectator"]) {
      const list = p.connections.filter((c) => c.to === kind);
      if (!list.length) continue;
      const mean = (key) => list.reduce((t, c) => t + (c[key] ?? 0), 0) / list.length;
      const heights = [...new Set(list.map((c) => c.frameHeight))].join("/");
      const reasons = [...new Set(list.map((c) => c.reason))].join("/");
      console.log(
        `  to ${list.length} ${kind}s: ${f(mean("videoMbps"))} Mbit/s each (target ${f(mean("targetMbps"))}, cap ${list[0].maxBitrate ? f(list[0].maxBitrate / 1e6) : "none"}), ${heights}p at ${mean("fps").toFixed(1)} fps, limited by ${reasons}, path estimate ${f(mean("availableMbps"))}`,
      );
    }
  }
  console.log(`Load average ${report.load.map((l) => l.toFixed(1)).join(" → ")} on ${availableParallelism()} cores`);
}

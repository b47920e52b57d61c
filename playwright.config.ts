import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";
import { scaled } from "./e2e/time-budget";

// Browser tests drive Debian's Chromium (never a downloaded browser) against the `wrangler dev` server that
// scripts/e2e.mjs starts on a free port: its old headless shell (`apt-get install chromium-headless-shell`, what
// Playwright itself runs headless) where installed, as it needs about a quarter less CPU than the full browser
// (the "pages" phase took 4.0 against 5.2 minutes on the 2-core machine, 2026-11-26); else the full browser.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];

const ON_CI = Boolean(process.env.CI && process.env.CI !== "false");

// Traces cost CPU on every test and are thrown away for every test that passes: recording them with their screencast
// took a third of the "pages" phase on 2 cores (6.2 against 4.5 minutes, 2026-11-26). On CI a failed test is run once
// more, and that run records the full trace (Playwright's "on-first-retry"); the first failure still leaves its
// screenshot, its page snapshot and its toasts (e2e/fixtures.ts). Locally a failed test keeps a trace of DOM
// snapshots without the screencast. E2E_TRACE=full|dom|off chooses.
const TRACES = {
  full: "retain-on-failure",
  dom: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
  off: "off",
} as const;
const TRACE = TRACES[process.env.E2E_TRACE as keyof typeof TRACES] ?? (ON_CI ? ("on-first-retry" as const) : TRACES.dom);

const SOLO_SPECS = /\/(room-video|room-video-budget|room-identify|room-identify-printings|video-relay|room-cards)\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  workers: 2,
  // On CI a failed test runs once more; one that then passes is reported as "flaky" in the summary (a flake is a
  // bug with a cause, to be found and fixed, not hidden). Locally nothing is retried.
  retries: ON_CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://localhost:8787",
    trace: TRACE,
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  // The live-video spec (three browser contexts with fake cameras and WebRTC) needs the machine to itself: beside
  // another test on 2 cores it starved both. scripts/e2e.mjs runs "pages" on both workers first, then "solo" on one
  // worker with nothing beside it. Each project keeps its own output folder, so the second run does not delete the
  // first one's traces. (Test data is seeded through the Worker, so no spec needs to run alone for the D1 file.) The
  // relay spec runs there too: it switches the fake TURN service to failing for a moment, which no other page may see;
  // so does the room's card spec (e2e/room-cards.spec.ts) with the fake card service.
  projects: [
    { name: "pages", testIgnore: SOLO_SPECS, outputDir: "./test-results/pages", use: { browserName: "chromium" } },
    { name: "solo", testMatch: SOLO_SPECS, workers: 1, outputDir: "./test-results/solo", use: { browserName: "chromium" } },
  ],
});

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

// Recording a trace with its screencast costs about a third of the run's CPU on 2 cores (6.2 against 4.5 minutes for
// "pages", 2026-11-26), and it is thrown away for every test that passes. Traces keep the DOM snapshots of each
// step, without the screencast, and only a failed test's is kept; E2E_TRACE=full records the screencast too.
const TRACE =
  process.env.E2E_TRACE === "full"
    ? ("retain-on-failure" as const)
    : process.env.E2E_TRACE === "off"
      ? ("off" as const)
      : { mode: "retain-on-failure" as const, screenshots: false, snapshots: true, sources: false };

const SOLO_SPECS = /\/room-video\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  workers: 2,
  // On CI a failed test runs once more; one that then passes is reported as "flaky" in the summary (a flake is a
  // bug with a cause, to be found and fixed, not hidden). Locally nothing is retried.
  retries: process.env.CI && process.env.CI !== "false" ? 1 : 0,
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
  // first one's traces. (Test data is seeded through the Worker, so no spec needs to run alone for the D1 file.)
  projects: [
    { name: "pages", testIgnore: SOLO_SPECS, outputDir: "./test-results/pages", use: { browserName: "chromium" } },
    { name: "solo", testMatch: SOLO_SPECS, workers: 1, outputDir: "./test-results/solo", use: { browserName: "chromium" } },
  ],
});

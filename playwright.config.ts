import { defineConfig } from "@playwright/test";
import { scaled } from "./e2e/time-budget";

// Browser tests drive Debian's Chromium (never a downloaded browser) against the
// `wrangler dev` server that scripts/e2e.mjs starts on a free port.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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

const SOLO_SPECS = /\/(commander-game|tablesync|notifications)\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://localhost:8787",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  // Two kinds of spec need the machine to themselves. The live-video room specs run three or four
  // browser contexts with fake cameras each: the clean-clone runs that timed out did so at load
  // averages near 20 on 2 cores, with the Commander game beside the test that failed. The
  // notifications spec writes straight into the server's D1 file, which makes a query the server
  // runs at that instant fail with SQLITE_BUSY. scripts/e2e.mjs runs "pages" on both workers first,
  // then "solo" on one worker with nothing beside it. Each project keeps its own output folder, so the
  // second run does not delete the first one's traces.
  projects: [
    { name: "pages", testIgnore: SOLO_SPECS, outputDir: "./test-results/pages", use: { browserName: "chromium" } },
    { name: "solo", testMatch: SOLO_SPECS, workers: 1, outputDir: "./test-results/solo", use: { browserName: "chromium" } },
  ],
});

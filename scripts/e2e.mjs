// npm run test:e2e: Playwright in Debian's Chromium against its own `wrangler dev` on a free port with its own
// --persist-to directory (never the developer's data), serving the built app (npm run build) as `npm start` does.
// The run has two phases (playwright.config.ts says why): the "pages" project on two workers, then the "solo"
// project (the live-video spec) alone. Both phases always run, so a failure in the first one never hides the
// second. Arguments (a spec, -g "name") go to both phases; a phase they leave empty passes.
// `--dev-loop` (npm test) also runs the dev-loop check (scripts/check-dev-loop.mjs) while this server starts: both
// start-ups are mostly one busy thread each and leave the other core idle if run one after the other. The browser
// phases wait for the check to end, so it never competes with them; its failure fails the run.
// `--beside <command>` (npm test): runs <command> (lint, typecheck, vitest) from the start, builds meanwhile, checks
// the JavaScript budget, then starts this server and the dev-loop check while <command> still runs; the browser
// phases start once all of it has ended, and not at all if any of it failed (docs/decisions/2026-11-28-ci-run-overlap.md).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { FAKE_TURN_API_TOKEN, FAKE_TURN_KEY_ID, startFakeTurnService } from "./fakes/turn-service.mjs";
import { build, freePort, migrateLocal, seedLocal, serve } from "./local-stack.mjs";

const withDevLoop = process.argv.includes("--dev-loop");
const besideAt = process.argv.indexOf("--beside");
const beside = besideAt === -1 ? null : process.argv[besideAt + 1];
/** Runs a shell command with this process's output (the packages' commands on its PATH, as in npm scripts). */
const shell = (command) =>
  new Promise((resolve) => {
    const PATH = `${join(process.cwd(), "node_modules", ".bin")}${delimiter}${process.env.PATH}`;
    spawn(command, { shell: true, stdio: "inherit", env: { ...process.env, PATH } }).on("exit", (code) => resolve(code ?? 1));
  });
const besideDone = beside ? shell(beside) : Promise.resolve(0);
let besideFailed = 0;
void besideDone.then((code) => (besideFailed = code));
if (beside) {
  // Nothing more starts once something failed (as `a && b` stopped).
  const failed = (await shell("npm run build")) || (await shell("npm run test:budget")) || besideFailed;
  if (failed) {
    const code = await besideDone;
    console.error(`e2e: ${code ? `${beside} failed (exit ${code})` : "the build or the budget failed"}; no browser tests run`);
    process.exit(failed);
  }
} else if (!existsSync("build/server/index.js")) build();
const devLoop = withDevLoop
  ? new Promise((resolve) => {
      spawn(process.execPath, ["scripts/check-dev-loop.mjs"], { stdio: "inherit" }).on("exit", (code) => resolve(code ?? 1));
    })
  : Promise.resolve(0);
const persistTo = mkdtempSync(join(tmpdir(), "realmcast-e2e-"));
migrateLocal(persistTo);
seedLocal(persistTo);
const port = await freePort();
// Room video gets its relay credentials from a fake of Cloudflare's TURN API, as production gets them from the real one.
const turn = await startFakeTurnService();
const turnVars = [`TURN_KEY_ID:${FAKE_TURN_KEY_ID}`, `TURN_KEY_API_TOKEN:${FAKE_TURN_API_TOKEN}`, `TURN_SERVICE_URL:${turn.url}`];
// The whole-pool index is built by the cron job only when asked (wrangler dev runs no cron by itself): the first-click
// spec asks for its runs (e2e/room-identify-printings.spec.ts).
const poolVars = ["CARD_POOL_BUILD:true"];
const { child, url, cards, discord } = await serve({
  port,
  persistTo,
  stdio: ["ignore", "ignore", "inherit"],
  extraArgs: [...turnVars, ...poolVars].flatMap((v) => ["--var", v]),
});
const args = process.argv.slice(2).filter((arg, i) => arg !== "--dev-loop" && i + 2 !== besideAt && i + 2 !== besideAt + 1);
const phases = args.some((arg) => arg.startsWith("--project")) ? [[]] : [["--project=pages"], ["--project=solo"]];
const filtered = args.length > 0;
let status = 0;
try {
  const besideStatus = await besideDone;
  if (besideStatus !== 0) {
    await devLoop;
    throw Object.assign(new Error(`e2e: ${beside} failed (exit ${besideStatus}); no browser tests run`), { status: besideStatus });
  }
  const devLoopStatus = await devLoop;
  if (devLoopStatus !== 0) {
    console.error(`e2e: the dev-loop check failed (exit ${devLoopStatus}); the browser tests run all the same`);
    status = devLoopStatus;
  }
  for (const phase of phases) {
    // Asynchronously: this process also serves the fake TURN API, which must answer while Playwright runs.
    const code = await new Promise((resolve) => {
      spawn("node_modules/.bin/playwright", ["test", ...phase, ...(filtered ? ["--pass-with-no-tests"] : []), ...args], {
        stdio: "inherit",
        env: {
          ...process.env,
          E2E_PERSIST_TO: persistTo,
          BASE_URL: url,
          TURN_FAKE_URL: turn.url.replace(/\/v1$/, ""),
          CARD_FAKE_URL: cards.url,
          DISCORD_FAKE_URL: discord.url,
        },
      }).on("exit", (status) => resolve(status ?? 1));
    });
    if (code !== 0) status = code;
  }
} catch (error) {
  console.error(error.message);
  status = error.status ?? 1;
} finally {
  child.kill("SIGTERM");
  await turn.close();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);

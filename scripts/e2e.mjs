// npm run test:e2e: Playwright in Debian's Chromium against its own `wrangler dev` on a free port with its own
// --persist-to directory (never the developer's data), serving the built app (npm run build) as `npm start` does.
// The run has two phases (playwright.config.ts says why): the "pages" project on two workers, then the "solo"
// project (the live-video spec) alone. Both phases always run, so a failure in the first one never hides the
// second. Arguments (a spec, -g "name") go to both phases; a phase they leave empty passes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, freePort, migrateLocal, seedLocal, serve } from "./local-stack.mjs";

if (!existsSync("build/server/index.js")) build();
const persistTo = mkdtempSync(join(tmpdir(), "realmcast-e2e-"));
migrateLocal(persistTo);
seedLocal(persistTo);
const port = await freePort();
const { child, url } = await serve({ port, persistTo, stdio: ["ignore", "ignore", "inherit"] });
const args = process.argv.slice(2);
const phases = args.some((arg) => arg.startsWith("--project")) ? [[]] : [["--project=pages"], ["--project=solo"]];
const filtered = args.length > 0;
let status = 0;
try {
  for (const phase of phases) {
    const result = spawnSync("node_modules/.bin/playwright", ["test", ...phase, ...(filtered ? ["--pass-with-no-tests"] : []), ...args], {
      stdio: "inherit",
      env: { ...process.env, BASE_URL: url },
    });
    const code = result.status ?? 1;
    if (code !== 0) status = code;
  }
} finally {
  child.kill("SIGTERM");
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);

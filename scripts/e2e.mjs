// npm run test:e2e: Playwright in Debian's Chromium against its own `wrangler dev`
// on a free port with its own --persist-to directory (never the developer's data).
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
let status = 1;
try {
  const result = spawnSync("node_modules/.bin/playwright", ["test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, BASE_URL: url, E2E_PERSIST_TO: persistTo },
  });
  status = result.status ?? 1;
} finally {
  child.kill("SIGTERM");
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);

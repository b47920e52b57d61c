// npm run dev: migrate and seed the local D1 (as npm start does), then Vite's dev server on PORT (default 5173):
// hot module replacement in the browser, and the Worker with its real local bindings inside workerd through the
// Cloudflare Vite plugin (vite.config.ts, "dev"). No build: every request runs the current source.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { startFakeCardService } from "./fakes/card-service.mjs";
import { cardServiceVars, localWebhookVars, migrateLocal, seedLocal } from "./local-stack.mjs";

const port = Number(process.env.PORT ?? 5173);
migrateLocal();
seedLocal();
// Card data comes from the fake card service here too (and webhooks may target a receiver on this machine), as in `npm start`: vite.config.ts reads these variables into
// the Worker's (REALMCAST_LOCAL_VARS), so a local run never reaches Scryfall.
const cards = await startFakeCardService();
const child = spawn(join("node_modules", ".bin", "vite"), ["dev", "--port", String(port), "--strictPort"], {
  stdio: "inherit",
  env: {
    ...process.env,
    REALMCAST_LOCAL_VARS: JSON.stringify({ ...cardServiceVars(cards), ...localWebhookVars(`http://localhost:${port}`) }),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => void cards.close().finally(() => process.exit(code ?? 0)));

// npm run dev: migrate and seed the local D1 (as npm start does), then Vite's dev server on PORT (default 5173):
// hot module replacement in the browser, and the Worker with its real local bindings inside workerd through the
// Cloudflare Vite plugin (vite.config.ts, "dev"). No build: every request runs the current source.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { chooseCardServices, describeCardServices } from "./card-services.mjs";
import { startFakeCardService } from "./fakes/card-service.mjs";
import { cardServiceVars, localWebhookVars, migrateLocal, seedLocal } from "./local-stack.mjs";

const port = Number(process.env.PORT ?? 5173);
const choice = chooseCardServices(process.env);
migrateLocal();
seedLocal();
// Card data comes from the fake card service, as in `npm start`, unless SCRYFALL_API_URL is set (then from the real
// services, and no fake runs); webhooks may target a receiver on this machine. vite.config.ts reads these variables
// into the Worker's (REALMCAST_LOCAL_VARS).
const cards = choice.fake ? await startFakeCardService() : null;
console.log(`\n  ${describeCardServices(choice, cards?.url)}\n`);
const child = spawn(join("node_modules", ".bin", "vite"), ["dev", "--port", String(port), "--strictPort"], {
  stdio: "inherit",
  env: {
    ...process.env,
    REALMCAST_LOCAL_VARS: JSON.stringify({
      ...(cards ? cardServiceVars(cards) : choice.vars),
      ...localWebhookVars(`http://localhost:${port}`),
    }),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => void Promise.resolve(cards?.close()).finally(() => process.exit(code ?? 0)));

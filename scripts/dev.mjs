// npm run dev: like `npm start`, and rebuilds the app whenever app/ changes.
// wrangler dev watches its own inputs (workers/, durable-objects/, build/server) and reloads the Worker.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { build, migrateLocal, seedLocal, serve } from "./local-stack.mjs";

const port = Number(process.env.PORT ?? 8787);
build();
migrateLocal();
seedLocal();
const { child, url } = await serve({ port });
console.log(`\n  Realmcast dev server at ${url} (rebuilds on change)\n`);

let timer = null;
let building = null;
function rebuild() {
  if (building) return void (timer = setTimeout(rebuild, 300));
  building = spawn("node_modules/.bin/remix", ["vite:build"], { stdio: "inherit" });
  building.on("exit", () => (building = null));
}
watch("app", { recursive: true }, () => {
  clearTimeout(timer);
  timer = setTimeout(rebuild, 200);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

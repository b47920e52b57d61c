// npm start: build, apply migrations to the local D1, seed demo data, serve on PORT (default 8787).
import { build, migrateLocal, seedLocal, serve } from "./local-stack.mjs";

const port = Number(process.env.PORT ?? 8787);
build();
migrateLocal();
seedLocal();
const { child, url, discord } = await serve({ port });
console.log(`\n  Realmcast is running at ${url}\n  A fake Discord plays its Discord app at ${discord.url}\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

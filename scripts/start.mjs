// npm start: build, apply migrations to the local D1, seed demo data, serve on PORT (default 8787). Card data comes
// from the fake card service unless SCRYFALL_API_URL is set (scripts/card-services.mjs).
import { chooseCardServices, describeCardServices } from "./card-services.mjs";
import { build, migrateLocal, seedLocal, serve } from "./local-stack.mjs";

const port = Number(process.env.PORT ?? 8787);
const choice = chooseCardServices(process.env);
build();
migrateLocal();
seedLocal();
const { child, url, cards, discord } = await serve({ port, realCardVars: choice.fake ? undefined : choice.vars });
console.log(
  `\n  Realmcast is running at ${url}\n  ${describeCardServices(choice, cards?.url)}\n  A fake Discord plays its Discord app at ${discord.url}\n`,
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

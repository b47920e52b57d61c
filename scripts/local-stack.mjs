// Shared steps of `npm start`, `npm run dev` and the e2e runner: build, migrate, seed, serve.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startFakeCardService } from "./fakes/card-service.mjs";
import { startFakeDiscord } from "./fakes/discord.mjs";

const bin = (name) => join(process.cwd(), "node_modules", ".bin", name);

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, CI: "true", ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${result.status}`);
}

/** A free TCP port on loopback, for servers started by tests and benchmarks. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const persistArgs = (persistTo) => (persistTo ? ["--persist-to", persistTo] : []);

export function build() {
  run(bin("remix"), ["vite:build"]);
}

/**
 * Applies the migrations to the local D1. A database not yet made (a fresh --persist-to directory, a first
 * `npm run dev`) gets every migration in one `wrangler d1 execute`, written as `wrangler d1 migrations apply` writes
 * each (the migration, then its row in d1_migrations), so a later `migrations apply` sees them all applied; that
 * command starts the local runtime once per migration, about 23 s for 25 of them on the 2-core machine against about
 * 2 s (docs/testing.md, "Where the CI run's time goes"). An existing database, or another config, goes through
 * `wrangler d1 migrations apply`, which applies what is pending.
 */
export function migrateLocal(persistTo, extraArgs = []) {
  const state = persistTo ?? join(process.cwd(), ".wrangler", "state");
  if (extraArgs.length > 0 || existsSync(join(state, "v3", "d1"))) {
    run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo), ...extraArgs]);
    return;
  }
  const dir = join(process.cwd(), "migrations");
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const sql = [
    `CREATE TABLE IF NOT EXISTS "d1_migrations"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);`,
    ...names.map(
      (name) => `${readFileSync(join(dir, name), "utf8")}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replace(/'/g, "''")}');`,
    ),
  ].join("\n");
  const out = join(mkdtempSync(join(tmpdir(), "realmcast-migrate-")), "migrations.sql");
  writeFileSync(out, sql);
  console.log(`Applying ${names.length} migrations to a new local database in one run`);
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", out, ...persistArgs(persistTo)]);
  rmSync(dirname(out), { recursive: true, force: true });
}

/** Applies seed/demo/*.sql in name order as one file. Every statement is INSERT OR IGNORE, so it is idempotent. */
export function seedLocal(persistTo) {
  const dir = join(process.cwd(), "seed", "demo");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const sql = files.map((f) => `-- ${f}\n${readFileSync(join(dir, f), "utf8")}`).join("\n");
  const out = join(mkdtempSync(join(tmpdir(), "realmcast-seed-")), "seed.sql");
  writeFileSync(out, sql);
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", out, ...persistArgs(persistTo)]);
}

// Local runs opt in to the dev sign-in and a high sign-in limit (tests sign many members in from one
// address); wrangler.toml keeps the safe values so a deploy never ships these.
const LOCAL_VARS = ["--var", "AUTH_DEV_LOGIN:true", "--var", "SIGNIN_RATE_LIMIT_PER_MINUTE:1000"];

/**
 * A local run's webhook variables: a receiver on this machine (http, 127.0.0.1) is allowed, retries come quickly,
 * and room links in deliveries name the local server. wrangler.toml keeps https-only public URLs for a deploy.
 */
export function localWebhookVars(origin) {
  return { WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_RETRY_BASE_SECONDS: "2", PUBLIC_ORIGIN: origin };
}

/** The Worker's card variables pointing at a running fake card service (for `wrangler dev` and `npm run dev`). */
export function cardServiceVars(cards) {
  return {
    SCRYFALL_API_URL: cards.url,
    CARD_IMAGE_ORIGIN: cards.imageOrigin,
    ARCHIDEKT_API_URL: cards.archidektUrl,
  };
}

/** The Worker's Discord app variables pointing at a running fake Discord (scripts/fakes/discord.mjs). */
export function discordVars(discord) {
  return {
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_PUBLIC_KEY: discord.publicKeyHex,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
  };
}

/**
 * Starts `wrangler dev`; resolves once the server answers. Card data comes from the fake card service
 * (scripts/fakes/card-service.mjs: Scryfall, its image host and Archidekt on localhost), started here and closed with
 * the server, so the browser tests never reach the internet; `npm start` may pass `realCardVars` instead
 * (scripts/card-services.mjs: SCRYFALL_API_URL set), and then no fake is started. Likewise the fake Discord
 * (scripts/fakes/discord.mjs): the Worker's Discord app talks to it, and it signs and sends interactions to the
 * Worker's /discord/interactions (its page at its own address shows the channels and plays a Discord user).
 */
export async function serve({ port, persistTo, extraArgs = [], stdio = "inherit", realCardVars }) {
  const cards = realCardVars ? null : await startFakeCardService();
  const discord = await startFakeDiscord({ interactionsUrl: `http://127.0.0.1:${port}/discord/interactions` });
  const cardVars = Object.entries({
    ...(cards ? cardServiceVars(cards) : realCardVars),
    ...localWebhookVars(`http://localhost:${port}`),
    ...discordVars(discord),
  }).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      ...LOCAL_VARS,
      ...cardVars,
      ...persistArgs(persistTo),
      ...extraArgs,
    ],
    { stdio, env: { ...process.env, CI: "true" } },
  );
  child.on("exit", () => {
    void cards?.close();
    void discord.close();
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/communities`);
      if (res.ok) return { child, url, cards, discord };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill("SIGTERM");
  throw new Error("wrangler dev did not start within 90 s");
}

import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { createServer } from "node:net";
import { defineProject } from "vitest/config";
import { outsideRemixChildCompiler, remixInWorkerd } from "./scripts/vite/remix-in-workerd";
import { FAKE_DISCORD_APPLICATION_ID, FAKE_DISCORD_BOT_TOKEN, generateDiscordKeyPair } from "./scripts/fakes/discord.mjs";

// The "workers" project: test/ runs inside workerd with the Worker of wrangler.toml (real D1, KV, R2 and Durable
// Objects). Remix's Vite plugin serves the Worker's `virtual:remix/server-build` from source, so a test always runs
// the current loaders, actions and components, never a stale build. (Remix's plugin needs a config file of its own
// to read again for its child compiler, hence this file rather than an inline project.)
//
// `isolate: false`: each Vitest worker starts one workerd and runs many files in it, with one D1, KV and R2. Test
// data cannot collide across files: every member, room, event and post a test makes has a random id or name, and a
// test only counts rows it made itself.
/** A free loopback port for the fake card service, which test/global-setup.ts starts on it. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export default defineProject(async () => {
  const migrations = await readD1Migrations("migrations");
  // Chosen once per run (the variable carries it to the global setup, and to this file if it is loaded again).
  process.env.FAKE_CARD_SERVICE_PORT ||= String(await freePort());
  const cards = `http://127.0.0.1:${process.env.FAKE_CARD_SERVICE_PORT}`;
  // The fake Discord (scripts/fakes/discord.mjs) likewise: its port, and the application key pair whose public half
  // the Worker checks interactions with and whose private half the fake signs them with (test/global-setup.ts).
  process.env.FAKE_DISCORD_PORT ||= String(await freePort());
  process.env.FAKE_DISCORD_KEYS ||= JSON.stringify(await generateDiscordKeyPair());
  const discordKeys: { publicKeyHex: string } = JSON.parse(process.env.FAKE_DISCORD_KEYS);
  return {
    plugins: [
      ...remixInWorkerd(),
      tsconfigPaths(),
      ...outsideRemixChildCompiler([
        cloudflareTest({
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: migrations,
              // wrangler.toml keeps the dev sign-in off; the tests sign members in through it (on http://localhost).
              AUTH_DEV_LOGIN: "true",
              // The production sign-in limit, exercised by test/security.test.ts.
              SIGNIN_RATE_LIMIT_PER_MINUTE: "30",
              FUZZ_RUNS: process.env.FUZZ_RUNS ?? "60",
              // Every /api response is checked against its declared schema (workers/api/response-contract.ts).
              CHECK_API_RESPONSES: "true",
              // Lets test/query-counter.test.ts ask for rows read (x-measure-d1-rows), as the API benchmark does.
              MEASURE_D1_ROWS: "true",
              // Card data from the fake of scripts/fakes/card-service.mjs, never Scryfall itself.
              SCRYFALL_API_URL: cards,
              CARD_IMAGE_ORIGIN: cards,
              ARCHIDEKT_API_URL: `${cards}/archidekt/api`,
              // Webhook deliveries go to receivers the tests start on 127.0.0.1 (scripts/fakes/webhook-receiver.mjs),
              // and a failed attempt is retried at once, so the retry tests wait for states, not minutes.
              WEBHOOK_ALLOW_PRIVATE_URLS: "true",
              WEBHOOK_RETRY_BASE_SECONDS: "0",
              PUBLIC_ORIGIN: "http://localhost",
              // The Discord app, against the fake Discord.
              DISCORD_APPLICATION_ID: FAKE_DISCORD_APPLICATION_ID,
              DISCORD_PUBLIC_KEY: discordKeys.publicKeyHex,
              DISCORD_BOT_TOKEN: FAKE_DISCORD_BOT_TOKEN,
              DISCORD_API_URL: `http://127.0.0.1:${process.env.FAKE_DISCORD_PORT}/api/v10`,
            },
          },
        }),
      ]),
    ],
    test: {
      name: "workers",
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
      globalSetup: ["./test/global-setup.ts"],
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      // Remix's Cloudflare adapter ships CommonJS; pre-bundle it so workerd can import it.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});

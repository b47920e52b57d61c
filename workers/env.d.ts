// The Worker's bindings and vars declared in wrangler.toml are typed by `npm run types` (wrangler types) in
// worker-configuration.d.ts; `npm test` fails while that file is out of date. Declared here: what wrangler.toml
// cannot show, secrets set with `wrangler secret put` (absent locally) and vars only tests and benchmarks pass.
interface RealmcastUndeclaredEnv {
  // Secrets (README, "Deploying"): each is optional, and its feature is off without it.
  /** Cloudflare Realtime TURN key id and its API token: the room's relay credentials are minted with them (workers/services/ice-servers.ts). */
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
  DISCORD_CLIENT_ID?: string;
  DISCORD_CLIENT_SECRET?: string;
  TWITCH_CLIENT_ID?: string;
  TWITCH_CLIENT_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** The Discord app (issue 39; README, "Discord"): its application id, public key and bot token. All three or it is off. */
  DISCORD_APPLICATION_ID?: string;
  DISCORD_PUBLIC_KEY?: string;
  DISCORD_BOT_TOKEN?: string;
  // Set by vitest.workers.config.ts and the benchmarks only.
  /** The TURN credentials API's base URL: Cloudflare's unless a test points it at its fake (scripts/fakes/turn-service.mjs). */
  TURN_SERVICE_URL?: string;
  FUZZ_RUNS?: string;
  /** Milliseconds a Discord interaction's work may take before its answer is deferred (default 2500; tests set 0). */
  DISCORD_ANSWER_DEADLINE_MS?: string;
  /** Test suites set "true": every /api response is checked against its declared schema (workers/api/response-contract.ts). */
  CHECK_API_RESPONSES?: string;
  /**
   * Benchmarks set "true": a request with `x-measure-d1-rows: 1` gets the rows D1 read in Server-Timing (each
   * select runs twice to learn it, so only the probe asks, never the timed load).
   */
  MEASURE_D1_ROWS?: string;
  /** D1 migrations handed to the vitest setup file. */
  TEST_MIGRATIONS?: import("@cloudflare/vitest-plugin").D1Migration[];
}
// Both names the generated file declares: `Env` (the Worker's code) and `Cloudflare.Env` (partyserver, `cloudflare:workers`).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the members above
interface Env extends RealmcastUndeclaredEnv {}
declare namespace Cloudflare {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as above
  interface Env extends RealmcastUndeclaredEnv {}
}

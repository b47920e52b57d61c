// Bindings and vars of the Worker, as declared in wrangler.toml and secrets.
// partyserver reads `Cloudflare.Env`, so the bindings are declared there.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    SESSIONS: KVNamespace;
    /** Members' profile pictures (workers/domain/avatars.ts). */
    AVATARS: R2Bucket;
    ASSETS: Fetcher;
    GameRoom: DurableObjectNamespace<import("../durable-objects/game-room").GameRoom>;
    AUTH_DEV_LOGIN?: string;
    STUN_URLS?: string;
    SIGNIN_RATE_LIMIT_PER_MINUTE?: string;
    FUZZ_RUNS?: string;
    /** Test suites set "true": every /api response is checked against its declared schema (workers/api/response-contract.ts). */
    CHECK_API_RESPONSES?: string;
    /** Minutes a waiting room may stay with nobody connected before its alarm closes it (default 30). */
    ROOM_IDLE_MINUTES?: string;
    /**
     * Benchmarks set "true": a request with `x-measure-d1-rows: 1` gets the rows D1 read in Server-Timing (each
     * select runs twice to learn it, so only the probe asks, never the timed load).
     */
    MEASURE_D1_ROWS?: string;
    TURN_URL?: string;
    TURN_USERNAME?: string;
    TURN_CREDENTIAL?: string;
    DISCORD_CLIENT_ID?: string;
    DISCORD_CLIENT_SECRET?: string;
    TWITCH_CLIENT_ID?: string;
    TWITCH_CLIENT_SECRET?: string;
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    /** Test-only: D1 migrations handed to the vitest setup file. */
    TEST_MIGRATIONS?: import("@cloudflare/vitest-plugin").D1Migration[];
  }
  // Types `exports` of "cloudflare:workers" (used by the tests to call the Worker).
  interface GlobalProps {
    mainModule: typeof import("./app");
    durableNamespaces: "GameRoom";
  }
}
type Env = Cloudflare.Env;

import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { enabledProviders, PROVIDER_IDS } from "../workers/auth/providers";
import { OPTIONAL_SERVICES, NOBODY_CAN_SIGN_IN, ONLY_DEV_SIGN_IN } from "../workers/domain/operations/optional-services";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { REQUEST_ID_HEADER } from "../workers/http/request-log";
import { expectErrorLog } from "./console-capture";
import { json, request } from "./helpers";

/** The Worker's env, which a test may configure (the Worker reads the same object). */
const worker = env as unknown as Record<string, string | undefined>;
const SECRETS = Object.values(OPTIONAL_SERVICES).flatMap((service) => service.secrets);
const saved = Object.fromEntries(SECRETS.map((name) => [name, worker[name]]));
afterEach(() => {
  for (const name of SECRETS) {
    if (saved[name] === undefined) delete worker[name];
    else worker[name] = saved[name];
  }
});
const unset = () => SECRETS.forEach((name) => delete worker[name]);
/** Each check from an address of its own: the health limit is per client address. */
const check = (address = `health-${crypto.randomUUID()}`) => request("/api/health", { headers: { "CF-Connecting-IP": address } });

/** Runs `check` as a Worker deployed without binding `name` would (the binding put back after). */
async function withoutBinding(name: string, check: () => Promise<void>) {
  const bindings = env as unknown as Record<string, unknown>;
  const kept = bindings[name];
  delete bindings[name];
  try {
    await check();
  } finally {
    bindings[name] = kept;
  }
}

describe("GET /api/health", () => {
  it("with nothing optional configured: up, D1 reachable, and each missing service with what members lose", async () => {
    unset();
    const res = await check();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=5");
    expect(res.headers.get(REQUEST_ID_HEADER)).toBeTruthy();
    const body = await json(res);
    expect(body.ok).toBe(true);
    expect(body.database).toEqual({ reachable: true, latestMigration: expect.stringMatching(/^\d{4}_.+\.sql$/) });
    const cardHost = new URL(worker.SCRYFALL_API_URL!).host;
    expect(body.services).toEqual({
      // A local run (localhost, AUTH_DEV_LOGIN): people sign in with the dev form, and the report says only that works.
      signIn: { configured: false, without: ONLY_DEV_SIGN_IN },
      discord: { configured: false, without: OPTIONAL_SERVICES.discord.without },
      twitch: { configured: false, without: OPTIONAL_SERVICES.twitch.without },
      google: { configured: false, without: OPTIONAL_SERVICES.google.without },
      turn: { configured: false, without: OPTIONAL_SERVICES.turn.without },
      cardService: { configured: true, host: cardHost },
      webhookQueue: { configured: true },
      cardKeypointsQueue: { configured: true },
      cardPoolKeypointsQueue: { configured: true },
      email: { configured: false, without: OPTIONAL_SERVICES.email.without },
      discordInteractions: { configured: false, without: OPTIONAL_SERVICES.discordInteractions.without },
    });
    // Without the dev sign-in (a deployed Worker), nobody can sign in at all, and the report says so.
    const devLogin = worker.AUTH_DEV_LOGIN;
    worker.AUTH_DEV_LOGIN = "false";
    try {
      expect((await json(await check())).services.signIn).toEqual({ configured: false, without: NOBODY_CAN_SIGN_IN });
    } finally {
      worker.AUTH_DEV_LOGIN = devLogin;
    }
    // Without the keypoints' queue binding, the report says what members lose (the warm-up keeps to its own 48).
    await withoutBinding("CARD_KEYPOINTS", async () =>
      expect((await json(await check())).services.cardKeypointsQueue).toEqual({
        configured: false,
        without: "A table's card keypoints past the first 48 printings a deck warm-up makes are made only when a click asks for them.",
      }),
    );
    // Without the pool's keypoints queue, likewise (the pool's keypoints are then made only when a click asks).
    await withoutBinding("CARD_POOL_KEYPOINTS", async () =>
      expect((await json(await check())).services.cardPoolKeypointsQueue).toEqual({
        configured: false,
        without: "The card pool's keypoints are not made ahead: a click on a card no deck names makes at most 4 when it asks.",
      }),
    );
    // The version is the runtime's (a placeholder locally), or null when it does not say.
    if (body.version !== null)
      expect(body.version).toEqual({
        id: expect.any(String),
        tag: expect.toBeOneOf([null, expect.any(String)]),
        deployedAt: expect.toBeOneOf([null, expect.any(String)]),
      });
  });

  it("with services configured: says so, and never shows a secret, a key id or the card service's URL path", async () => {
    unset();
    Object.assign(worker, {
      DISCORD_CLIENT_ID: "discord-client-id-1234",
      DISCORD_CLIENT_SECRET: "discord-secret-5678",
      TURN_KEY_ID: "turn-key-id-abcd",
      TURN_KEY_API_TOKEN: "turn-token-efgh",
      // Two of the Discord app's three settings: not enough (the bot token is missing).
      DISCORD_PUBLIC_KEY: "discord-public-key-ijkl",
      DISCORD_APPLICATION_ID: "discord-app-mnop",
    });
    const res = await check();
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const value of [
      "discord-client-id-1234",
      "discord-secret-5678",
      "turn-key-id-abcd",
      "turn-token-efgh",
      "discord-public-key-ijkl",
      "discord-app-mnop",
    ]) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toContain(new URL(worker.SCRYFALL_API_URL!).pathname.replace(/\/$/, "") || "\u0000");
    const { services } = JSON.parse(text);
    expect(services.signIn).toEqual({ configured: true });
    expect(services.discord).toEqual({ configured: true });
    expect(services.twitch.configured).toBe(false);
    expect(services.turn).toEqual({ configured: true });
    expect(services.discordInteractions.configured).toBe(false);
    worker.DISCORD_BOT_TOKEN = "discord-bot-token-qrst";
    const all = await (await check()).text();
    expect(all).not.toContain("discord-bot-token-qrst");
    expect(JSON.parse(all).services.discordInteractions).toEqual({ configured: true });
  });

  it("names the same sign-in providers as the sign-in itself (one secret of a pair is not enough)", async () => {
    for (const provider of PROVIDER_IDS) {
      unset();
      const [id, secret] = OPTIONAL_SERVICES[provider].secrets;
      worker[id] = "x";
      expect(enabledProviders(env)).toEqual([]);
      expect((await json(await check())).services[provider].configured).toBe(false);
      worker[secret] = "y";
      expect(enabledProviders(env)).toEqual([provider]);
      expect((await json(await check())).services[provider].configured).toBe(true);
    }
  });

  it(`answers 429 past ${RATE_LIMITS.health.limit} checks a minute from one address, and not to another address`, async () => {
    const address = `health-limit-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`health:${address}`, Date.now(), RATE_LIMITS.health.limit)
      .run();
    const refused = await check(address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("Cache-Control")).toBeNull();
    expect((await check()).status).toBe(200);
  });

  it("answers 503 with the rest of the report when D1 does not answer, and logs why", async () => {
    // A real failure of the real database: the health query's table is briefly gone.
    await env.DB.prepare("ALTER TABLE d1_migrations RENAME TO d1_migrations_away").run();
    expectErrorLog("Health check: D1 did not answer");
    let res: Response;
    try {
      res = await check();
    } finally {
      await env.DB.prepare("ALTER TABLE d1_migrations_away RENAME TO d1_migrations").run();
    }
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body).toMatchObject({
      ok: false,
      database: { reachable: false, latestMigration: null },
      services: { webhookQueue: { configured: true } },
    });
  });
});

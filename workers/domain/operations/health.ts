import { sql } from "drizzle-orm";
import type { HealthReport } from "../../contract/health";
import type { Db } from "../../db/client";
import { currentLogger } from "../../lib/logger";
import {
  NOBODY_CAN_SIGN_IN,
  ONLY_DEV_SIGN_IN,
  OPTIONAL_SERVICES,
  SIGN_IN_SERVICES,
  serviceConfigured,
  type OptionalServiceName,
} from "./optional-services";
import { hitOutcome, rateLimitHit, refuseOverLimit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";

type Service = HealthReport["services"]["discord"];
const on = (configured: boolean, without: string): Service => (configured ? { configured } : { configured, without });

/**
 * Which optional services this Worker has, from its configuration alone (names and hosts, never values).
 * `devSignIn`: the local dev sign-in answers the request's host, so "nobody can sign in" would not be true.
 */
export function serviceReport(env: Env, devSignIn = false): HealthReport["services"] {
  const isSet = (name: string) => Boolean((env as unknown as Record<string, unknown>)[name]);
  const optional = (name: OptionalServiceName) => on(serviceConfigured(name, isSet), OPTIONAL_SERVICES[name].without);
  let cardHost: string | null = null;
  try {
    cardHost = new URL(env.SCRYFALL_API_URL).host;
  } catch {
    // not a URL: reported as not configured
  }
  return {
    signIn: on(
      SIGN_IN_SERVICES.some((name) => serviceConfigured(name, isSet)),
      devSignIn ? ONLY_DEV_SIGN_IN : NOBODY_CAN_SIGN_IN,
    ),
    discord: optional("discord"),
    twitch: optional("twitch"),
    google: optional("google"),
    turn: optional("turn"),
    cardService: {
      ...on(cardHost !== null, "Card lookups, deck checks and click-to-identify answer that card data is unavailable."),
      host: cardHost,
    },
    webhookQueue: on(Boolean(env.WEBHOOKS), "Bots' webhooks are not delivered."),
    cardKeypointsQueue: on(
      Boolean(env.CARD_KEYPOINTS),
      "A table's card keypoints past the first 48 printings a deck warm-up makes are made only when a click asks for them.",
    ),
    cardPoolKeypointsQueue: on(
      Boolean(env.CARD_POOL_KEYPOINTS),
      "The card pool's keypoints are not made ahead: a click on a card no deck names makes at most 4 when it asks.",
    ),
    email: optional("email"),
    discordInteractions: optional("discordInteractions"),
  };
}

/** The version the runtime says is running (the version metadata binding), or null when it does not say. */
function versionOf(env: Env): HealthReport["version"] {
  const metadata = env.CF_VERSION_METADATA;
  if (!metadata?.id) return null;
  return { id: metadata.id, tag: metadata.tag || null, deployedAt: metadata.timestamp || null };
}

/**
 * The health report, in one D1 round trip: the caller's hit on the `health` limit (per client address) and the
 * newest applied migration, in one batch, which is also the reachability check. When D1 does not answer, the
 * limit cannot be counted either, and the report says so (the route answers it with 503).
 */
export async function checkHealth(env: Env, db: Db, address: string, devSignIn = false, now = Date.now()): Promise<HealthReport> {
  const rule = RATE_LIMITS.health;
  const report = (database: HealthReport["database"]): HealthReport => ({
    ok: database.reachable,
    version: versionOf(env),
    database,
    services: serviceReport(env, devSignIn),
  });
  let read;
  try {
    read = await db.batch([
      rateLimitHit(db, `health:${address}`, rule.windowMs, now),
      db.all<{ name: string }>(sql`SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1`),
    ]);
  } catch (error) {
    currentLogger().error("Health check: D1 did not answer", { error });
    return report({ reachable: false, latestMigration: null });
  }
  const [hit, migrations] = read;
  refuseOverLimit("health", hitOutcome(hit[0], rule.limit, rule.windowMs, now));
  return report({ reachable: true, latestMigration: migrations[0]?.name ?? null });
}

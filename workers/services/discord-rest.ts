import { currentLogger } from "../lib/logger";
import { discordErrorBody, discordMessage, discordRateLimitBody, type DiscordMessage, type DiscordMessageBody } from "../contract/discord";

/**
 * The Worker's client of Discord's REST API (issue 39): the calls the Discord app makes besides answering an
 * interaction (its table messages, follow-ups, edits of an answer, results posted to a channel). Every call goes
 * through `call`, which keeps to Discord's rate limits as its headers state them (Discord: "Rate Limits"): it waits
 * while a route's bucket is spent or the global limit holds, and on a 429 it waits `retry_after` and tries again,
 * as long as the caller's wait budget allows; past it, it throws DiscordApiError with the seconds to wait, which the
 * queue's consumer turns into a delayed retry. Bucket state lives in the isolate (Discord's headers refill it on
 * every answer). Nothing here logs a token or a URL: lines name the route's template.
 */

export const DEFAULT_DISCORD_API_URL = "https://discord.com/api/v10";
/** One attempt waits at most this long for Discord's answer. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Attempts of one call that failed with a 5xx or no answer (429s are counted against the wait budget instead). */
const MAX_ATTEMPTS = 3;
/** 429s one call accepts before it gives the wait back to its caller. */
const MAX_RATE_LIMITED = 4;

export type DiscordEnv = {
  DISCORD_APPLICATION_ID?: string;
  DISCORD_PUBLIC_KEY?: string;
  DISCORD_BOT_TOKEN?: string;
  DISCORD_API_URL?: string;
  PUBLIC_ORIGIN?: string;
};

export type DiscordConfig = { applicationId: string; publicKey: string; botToken: string; apiUrl: string; origin: string };

/** The Discord app's configuration, or null while any of its three secrets is missing (then the app is off). */
export function discordConfig(env: DiscordEnv): DiscordConfig | null {
  if (!env.DISCORD_APPLICATION_ID || !env.DISCORD_PUBLIC_KEY || !env.DISCORD_BOT_TOKEN) return null;
  return {
    applicationId: env.DISCORD_APPLICATION_ID,
    publicKey: env.DISCORD_PUBLIC_KEY,
    botToken: env.DISCORD_BOT_TOKEN,
    apiUrl: (env.DISCORD_API_URL || DEFAULT_DISCORD_API_URL).replace(/\/+$/, ""),
    origin: env.PUBLIC_ORIGIN || "http://localhost:8787",
  };
}

/** Discord refused or failed a call. `code` is Discord's JSON error code (50013 Missing Permissions, ...). */
export class DiscordApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    /** Set when the call was rate limited beyond the caller's wait budget: when to try again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "DiscordApiError";
  }

  /** Worth trying again later: rate limited, a 5xx, or no answer. A 4xx (no access, unknown message) is not. */
  get retryable(): boolean {
    return this.retryAfterSeconds !== null || this.status === null || this.status >= 500;
  }
}

type BucketState = { remaining: number; resetAt: number };
/** `METHOD template` → Discord's bucket name (X-RateLimit-Bucket), learnt from answers. */
const bucketOfRoute = new Map<string, string>();
/** `bucket|top-level resource` → what is left of it and when it refills. */
const buckets = new Map<string, BucketState>();
let globalUntil = 0;

/** Forgets every bucket (tests that start from a clean state). */
export function resetDiscordRateLimits(): void {
  bucketOfRoute.clear();
  buckets.clear();
  globalUntil = 0;
}

type Call = {
  method: "GET" | "POST" | "PATCH" | "PUT";
  /** The path after the API's base, with ids filled in. */
  path: string;
  /** The route's template, for buckets and log lines: `/channels/{channel.id}/messages`. */
  route: string;
  /** The top-level resource the limit is counted per (a channel, a webhook, the application). */
  major: string;
  /** Bot calls carry `Authorization: Bot <token>`; interaction webhooks are authorised by their token in the path. */
  bot: boolean;
  body?: unknown;
};

export type DiscordRestOptions = {
  fetcher?: typeof fetch;
  /** How long one call may wait, in all, for rate limits to pass; past it the call throws with `retryAfterSeconds`. */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads a number header (Discord's reset and retry values are seconds, with decimals). */
function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function discordRest(config: DiscordConfig, options: DiscordRestOptions = {}) {
  const fetcher = options.fetcher ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const userAgent = `DiscordBot (${config.origin}, 1.0)`;

  /** How long this call must wait before it may go (0: now). */
  function waitFor(call: Call): number {
    const bucket = bucketOfRoute.get(`${call.method} ${call.route}`);
    const state = bucket ? buckets.get(`${bucket}|${call.major}`) : undefined;
    const bucketWait = state && state.remaining <= 0 ? state.resetAt - now() : 0;
    return Math.max(0, globalUntil - now(), bucketWait);
  }

  function learn(call: Call, headers: Headers): void {
    const bucket = headers.get("X-RateLimit-Bucket");
    const remaining = numberHeader(headers, "X-RateLimit-Remaining");
    const resetAfter = numberHeader(headers, "X-RateLimit-Reset-After");
    if (!bucket || remaining === null || resetAfter === null) return;
    bucketOfRoute.set(`${call.method} ${call.route}`, bucket);
    buckets.set(`${bucket}|${call.major}`, { remaining, resetAt: now() + resetAfter * 1000 });
  }

  async function call<T>(spec: Call, read: (json: unknown) => T): Promise<T> {
    const log = currentLogger();
    const started = now();
    let waited = 0;
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const wait = waitFor(spec);
      if (wait > 0) {
        if (waited + wait > maxWaitMs) {
          throw new DiscordApiError(`Discord rate limit on ${spec.route}`, 429, null, Math.ceil(wait / 1000));
        }
        waited += wait;
        await sleep(wait);
      }
      let response: Response;
      try {
        response = await fetcher(`${config.apiUrl}${spec.path}`, {
          method: spec.method,
          headers: {
            "User-Agent": userAgent,
            ...(spec.bot ? { Authorization: `Bot ${config.botToken}` } : {}),
            ...(spec.body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
      } catch (error) {
        failures += 1;
        log.warn("Discord did not answer", { discordRoute: spec.route, method: spec.method, attempt: failures, error });
        if (failures >= MAX_ATTEMPTS) throw new DiscordApiError(`Discord did not answer ${spec.route}`, null, null);
        await sleep(500 * 2 ** (failures - 1));
        continue;
      }
      learn(spec, response.headers);
      if (response.status === 429) {
        const limited = discordRateLimitBody.safeParse(await response.json().catch(() => null));
        const retryAfter = limited.success ? limited.data.retry_after : (numberHeader(response.headers, "Retry-After") ?? 1);
        const global = (limited.success && limited.data.global) || response.headers.get("X-RateLimit-Global") === "true";
        if (global) globalUntil = now() + retryAfter * 1000;
        else {
          const bucket = response.headers.get("X-RateLimit-Bucket") ?? `route:${spec.method} ${spec.route}`;
          bucketOfRoute.set(`${spec.method} ${spec.route}`, bucket);
          buckets.set(`${bucket}|${spec.major}`, { remaining: 0, resetAt: now() + retryAfter * 1000 });
        }
        rateLimited += 1;
        log.warn("Discord rate limit", {
          discordRoute: spec.route,
          method: spec.method,
          scope: response.headers.get("X-RateLimit-Scope") ?? (global ? "global" : "user"),
          retryAfterSeconds: retryAfter,
        });
        if (rateLimited >= MAX_RATE_LIMITED) {
          throw new DiscordApiError(`Discord rate limit on ${spec.route}`, 429, null, Math.max(1, Math.ceil(retryAfter)));
        }
        continue;
      }
      if (response.status >= 500) {
        failures += 1;
        await response.body?.cancel();
        log.warn("Discord answered an error", {
          discordRoute: spec.route,
          method: spec.method,
          status: response.status,
          attempt: failures,
        });
        if (failures >= MAX_ATTEMPTS)
          throw new DiscordApiError(`Discord answered ${response.status} on ${spec.route}`, response.status, null);
        await sleep(500 * 2 ** (failures - 1));
        continue;
      }
      if (!response.ok) {
        const error = discordErrorBody.safeParse(await response.json().catch(() => null));
        const code = error.success ? (error.data.code ?? null) : null;
        const text = error.success ? (error.data.message ?? "") : "";
        log.info("Discord API call", {
          discordRoute: spec.route,
          method: spec.method,
          status: response.status,
          code,
          durationMs: now() - started,
        });
        throw new DiscordApiError(`Discord refused ${spec.route}: ${response.status} ${text}`.trim(), response.status, code);
      }
      const json: unknown = response.status === 204 ? null : await response.json();
      log.info("Discord API call", { discordRoute: spec.route, method: spec.method, status: response.status, durationMs: now() - started });
      return read(json);
    }
  }

  const asMessage = (json: unknown): DiscordMessage => discordMessage.parse(json);
  const webhook = (token: string) => `/webhooks/${config.applicationId}/${encodeURIComponent(token)}`;
  const webhookMajor = (token: string) => `webhook:${config.applicationId}/${token}`;

  return {
    config,
    /** POST /channels/{channel.id}/messages: a message from the bot (needs View Channel and Send Messages there). */
    createMessage: (channelId: string, body: DiscordMessageBody) =>
      call(
        {
          method: "POST",
          path: `/channels/${channelId}/messages`,
          route: "/channels/{channel.id}/messages",
          major: channelId,
          bot: true,
          body,
        },
        asMessage,
      ),
    /** PATCH /channels/{channel.id}/messages/{message.id}: edits one of the bot's own messages. */
    editMessage: (channelId: string, messageId: string, body: DiscordMessageBody) =>
      call(
        {
          method: "PATCH",
          path: `/channels/${channelId}/messages/${messageId}`,
          route: "/channels/{channel.id}/messages/{message.id}",
          major: channelId,
          bot: true,
          body,
        },
        asMessage,
      ),
    /** POST /webhooks/{application.id}/{interaction.token}: a follow-up message (the token lasts 15 minutes). */
    followUp: (token: string, body: DiscordMessageBody) =>
      call(
        {
          method: "POST",
          path: webhook(token),
          route: "/webhooks/{application.id}/{interaction.token}",
          major: webhookMajor(token),
          bot: false,
          body,
        },
        asMessage,
      ),
    /** PATCH /webhooks/{application.id}/{interaction.token}/messages/@original: edits the interaction's answer. */
    editOriginal: (token: string, body: DiscordMessageBody) =>
      call(
        {
          method: "PATCH",
          path: `${webhook(token)}/messages/@original`,
          route: "/webhooks/{application.id}/{interaction.token}/messages/@original",
          major: webhookMajor(token),
          bot: false,
          body,
        },
        asMessage,
      ),
  };
}

export type DiscordRest = ReturnType<typeof discordRest>;

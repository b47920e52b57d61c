import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessTokens, users, type User } from "../../db/schema";
import {
  MAX_TOKENS_PER_MEMBER,
  type AccessTokenView,
  type CreateAccessTokenInput,
  type CreatedAccessToken,
  type TokenScope,
} from "../../contract/access-tokens";
import {
  displayPrefix,
  expiresAtFor,
  hashToken,
  isExpired,
  knownScopes,
  looksLikeToken,
  newTokenSecret,
  shouldTouchLastUsed,
} from "./access-token-rules";
import { conflict, notFound, unauthorized } from "../errors";
import { enforceRateLimit, hitOutcome, rateLimitHit, refuseOverLimit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";
import { isoInstantOrNull } from "../instants";
import { suspensionMessage, suspensionOf, suspensionStanding } from "../moderation/standing";

type TokenRow = typeof accessTokens.$inferSelect;

function view(row: TokenRow): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: isoInstantOrNull(row.lastUsedAt),
    expiresAt: isoInstantOrNull(row.expiresAt),
    webhookUrl: row.webhookUrl,
  };
}

/** The member's tokens, newest first (at most 20, so one page). Never their secrets: only hashes are stored. */
export async function listAccessTokens(db: Db, userId: string): Promise<AccessTokenView[]> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
    .limit(MAX_TOKENS_PER_MEMBER);
  return rows.map(view);
}

/**
 * Creates a token and answers it with its secret, the one time it exists
 * outside the caller's hands. The cap is checked in the same statement as the
 * insert, so two simultaneous creations cannot pass 20 together.
 */
export async function createAccessToken(
  db: Db,
  userId: string,
  input: CreateAccessTokenInput,
  now = Date.now(),
): Promise<CreatedAccessToken> {
  await enforceRateLimit(db, "accessTokenCreate", userId, now);
  const token = newTokenSecret();
  const row: TokenRow = {
    id: crypto.randomUUID(),
    userId,
    name: input.name,
    tokenHash: await hashToken(token),
    prefix: displayPrefix(token),
    scopes: input.scopes,
    expiresAt: expiresAtFor(input.expiresInDays, now),
    lastUsedAt: null,
    webhookUrl: null,
    webhookSecret: null,
    createdAt: now,
  };
  const result = await db.run(sql`
    INSERT INTO ${accessTokens} (id, user_id, name, token_hash, prefix, scopes, expires_at, last_used_at, created_at)
    SELECT ${row.id}, ${userId}, ${row.name}, ${row.tokenHash}, ${row.prefix}, ${JSON.stringify(row.scopes)}, ${row.expiresAt}, NULL, ${now}
    WHERE (SELECT count(*) FROM ${accessTokens} WHERE user_id = ${userId}) < ${MAX_TOKENS_PER_MEMBER}`);
  if (result.meta.changes !== 1) {
    throw conflict(`You can have at most ${MAX_TOKENS_PER_MEMBER} API tokens. Revoke one you no longer use first.`);
  }
  return { ...view(row), token };
}

/** Revokes (deletes) one of the member's tokens; the next request with it is a 401. */
export async function revokeAccessToken(db: Db, userId: string, tokenId: string): Promise<void> {
  const deleted = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (deleted.length === 0) throw notFound("No such token");
}

export type TokenIdentity = { user: User; tokenId: string; scopes: TokenScope[] };

const INVALID_TOKEN = "Invalid, expired or revoked API token";

/**
 * The member a token speaks for, read from D1 on every request (no cache, so
 * a revoked token fails on its next call), and one hit on the request budget of
 * that member's tokens: one counter per member, whichever token, so three tokens
 * give no more than one (issue 35). Two round trips: the lookup, then the counter
 * (with `last_used_at`, written at most once a minute) in one batch. A wrong,
 * expired or revoked token is a 401; over the limit a 429.
 */
export async function authenticateAccessToken(db: Db, token: string, now = Date.now()): Promise<TokenIdentity> {
  if (!looksLikeToken(token)) throw unauthorized(INVALID_TOKEN);
  const found = await db
    .select({ token: accessTokens, user: users, suspension: suspensionOf(accessTokens.userId) })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, await hashToken(token)))
    .get();
  if (!found || isExpired(found.token.expiresAt, now)) throw unauthorized(INVALID_TOKEN);
  // A suspended member's tokens stop with their sessions (issue 38).
  const suspension = suspensionStanding(found.suspension);
  if (suspension) throw unauthorized(suspensionMessage(suspension));
  const rule = RATE_LIMITS.accessTokenUse;
  const hit = rateLimitHit(db, `accessTokenUse:${found.token.userId}`, rule.windowMs, now);
  const [counted] = shouldTouchLastUsed(found.token.lastUsedAt, now)
    ? await db.batch([hit, db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, found.token.id))])
    : await db.batch([hit]);
  refuseOverLimit("accessTokenUse", hitOutcome(counted[0], rule.limit, rule.windowMs, now));
  return { user: found.user, tokenId: found.token.id, scopes: knownScopes(found.token.scopes) };
}

import { TOKEN_DISPLAY_LENGTH, TOKEN_PREFIX, TOKEN_SCOPES, type TokenScope } from "../../contract/access-token-scopes";
import { bytesToBase64Url } from "../../lib/base64url";
import { sha256Hex } from "../../lib/hex";

const DAY = 24 * 60 * 60 * 1000;
/** 32 random bytes: 256 bits, so a stored hash cannot be walked back to its token by guessing. */
const SECRET_BYTES = 32;
/** `rc_pat_` then the 43 base64url characters of 32 bytes. */
const TOKEN_SHAPE = /^rc_pat_[A-Za-z0-9_-]{43}$/;
/** Expired tokens stay listed (marked expired) this long, then housekeeping deletes them. */
export const EXPIRED_TOKEN_KEEP_MS = 30 * DAY;
/** `last_used_at` is written at most this often per token, so a busy bot does not write on every call. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** A new token: the prefix and a high-entropy random secret. */
export function newTokenSecret(): string {
  return TOKEN_PREFIX + bytesToBase64Url(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** Hex SHA-256 of the token: what is stored and looked up. A fast hash is enough for 256 random bits. */
export async function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/** The non-secret start of a token shown in the list. */
export const displayPrefix = (token: string) => token.slice(0, TOKEN_DISPLAY_LENGTH);

/** Whether a string has a token's shape (anything else is refused without a database read). */
export const looksLikeToken = (value: string) => TOKEN_SHAPE.test(value);

/**
 * The credential of an `Authorization` header: null when the request sends
 * none, "malformed" for an Authorization header that is not `Bearer <token>`
 * (refused, never ignored, so a bot with a typo learns at once).
 */
export function bearerCredential(header: string | null | undefined): string | null | "malformed" {
  if (header == null) return null;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match ? match[1] : "malformed";
}

export const expiresAtFor = (days: number | null, now: number): number | null => (days === null ? null : now + days * DAY);

export const isExpired = (expiresAt: number | null, now: number) => expiresAt !== null && expiresAt <= now;

/** The stored scopes a token really has (a stored value outside today's list grants nothing). */
export const knownScopes = (stored: unknown): TokenScope[] =>
  Array.isArray(stored) ? TOKEN_SCOPES.filter((scope) => stored.includes(scope)) : [];

/** Whether `last_used_at` is stale enough to write again. */
export const shouldTouchLastUsed = (lastUsedAt: number | null, now: number) =>
  lastUsedAt === null || now - lastUsedAt >= LAST_USED_WRITE_INTERVAL_MS;

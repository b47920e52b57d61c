import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import { isLocalHost, randomToken } from "../http/security";
import { sha256Hex } from "../lib/hex";

export const SESSION_COOKIE = "realmcast_session";
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const kvKey = (key: string) => `session:${key}`;

type StoredSession = { userId: string; createdAt: number };

/**
 * A session's key: the SHA-256 of its id, hex. KV stores sessions under the
 * key, so a copy of the store holds no usable cookie, and rooms keep the key
 * (never the id, which is a bearer token) to know which session opened a socket.
 */
export async function sessionKey(sessionId: string): Promise<string> {
  return sha256Hex(sessionId);
}

/** A fresh 256-bit session id, stored in KV with a 30-day TTL. */
export async function createSession(env: Env, userId: string): Promise<string> {
  const sessionId = randomToken(32);
  const value: StoredSession = { userId, createdAt: Date.now() };
  await env.SESSIONS.put(kvKey(await sessionKey(sessionId)), JSON.stringify(value), {
    expirationTtl: SESSION_TTL_SECONDS,
  });
  return sessionId;
}

export async function readSessionUserId(env: Env, sessionId: string): Promise<string | null> {
  return readSessionUserIdByKey(env, await sessionKey(sessionId));
}

/** For holders of a session key only (rooms re-checking a socket's session). */
export async function readSessionUserIdByKey(env: Env, key: string): Promise<string | null> {
  const stored = await env.SESSIONS.get<StoredSession>(kvKey(key), "json");
  return stored?.userId ?? null;
}

export async function destroySession(env: Env, sessionId: string): Promise<void> {
  await env.SESSIONS.delete(kvKey(await sessionKey(sessionId)));
}

export function sessionIdFromRequest(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setSessionCookie(c: Context<AppEnv>, sessionId: string): void {
  setCookie(c, SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: !isLocalHost(new URL(c.req.url)),
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLocalHost(new URL(c.req.url)) });
}

/** Starts a session for `userId`, replacing any session this browser had. */
export async function signIn(c: Context<AppEnv>, userId: string): Promise<void> {
  const previous = sessionIdFromRequest(c);
  if (previous) await destroySession(c.env, previous);
  setSessionCookie(c, await createSession(c.env, userId));
}

import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import { isLocalHost, randomToken } from "../http/security";

export const SESSION_COOKIE = "realmcast_session";
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const kvKey = (sessionId: string) => `session:${sessionId}`;

type StoredSession = { userId: string; createdAt: number };

/** A fresh 256-bit session id, stored in KV with a 30-day TTL. */
export async function createSession(env: Env, userId: string): Promise<string> {
  const sessionId = randomToken(32);
  const value: StoredSession = { userId, createdAt: Date.now() };
  await env.SESSIONS.put(kvKey(sessionId), JSON.stringify(value), {
    expirationTtl: SESSION_TTL_SECONDS,
  });
  return sessionId;
}

export async function readSessionUserId(env: Env, sessionId: string): Promise<string | null> {
  const stored = await env.SESSIONS.get<StoredSession>(kvKey(sessionId), "json");
  return stored?.userId ?? null;
}

export async function destroySession(env: Env, sessionId: string): Promise<void> {
  await env.SESSIONS.delete(kvKey(sessionId));
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

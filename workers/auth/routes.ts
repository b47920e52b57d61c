import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { devLoginBody, safeReturnTo } from "../contract/auth";
import { getAuthUser, listDemoMembers, upsertUserByEmail, upsertUserFromProvider } from "../domain/users";
import type { AppEnv } from "../http/app-env";
import { invalid, notFound, rateLimited, unauthorized } from "../domain/errors";
import type { Db } from "../db/client";
import { isLocalHost } from "../http/security";
import { parseValue } from "../http/validate";
import { consumeRateLimit } from "../domain/rate-limit";
import { signOutOfRooms } from "../domain/rooms";
import { devLoginEnabled } from "./dev-login";
import { renderLoginPage, renderNotConfiguredPage } from "./login-page";
import { PROVIDER_IDS, completeAuthorization, enabledProviders, startAuthorization, type ProviderId } from "./providers";
import { clearSessionCookie, destroySession, sessionIdFromRequest, signIn } from "./session";

const OAUTH_COOKIE = "realmcast_oauth";
const OAUTH_TTL_SECONDS = 10 * 60;
const providerParam = z.enum(PROVIDER_IDS);

const callbackUrl = (requestUrl: string, provider: ProviderId) => new URL(`/api/callback/${provider}`, requestUrl).toString();

export const authRoutes = new Hono<AppEnv>()
  .get("/login", async (c) => {
    const providers = enabledProviders(c.env);
    const devLogin = devLoginEnabled(c.env, c.req.url);
    const requested = c.req.query("provider");
    const returnTo = safeReturnTo(c.req.query("returnTo"), c.req.url);
    const chosen = requested ? providerParam.safeParse(requested) : null;
    if (chosen && (!chosen.success || !providers.includes(chosen.data))) throw notFound("Unknown sign-in provider");
    const provider = chosen?.data ?? (providers.length === 1 && !devLogin ? providers[0] : null);
    if (provider) {
      const start = startAuthorization(c.env, provider, callbackUrl(c.req.url, provider));
      // The state is single-use: it lives in KV until the callback consumes it.
      await c.env.SESSIONS.put(`oauth-state:${start.state}`, provider, { expirationTtl: OAUTH_TTL_SECONDS });
      setCookie(c, OAUTH_COOKIE, JSON.stringify({ state: start.state, verifier: start.codeVerifier, returnTo }), {
        httpOnly: true,
        sameSite: "Lax",
        path: "/api/callback",
        secure: !isLocalHost(new URL(c.req.url)),
        maxAge: OAUTH_TTL_SECONDS,
      });
      return c.redirect(start.url.toString(), 302);
    }
    if (!devLogin && providers.length === 0) {
      return c.html(renderNotConfiguredPage(), 503);
    }
    const members = devLogin ? await listDemoMembers(c.get("db")) : [];
    return c.html(renderLoginPage({ devLogin, providers, members, returnTo }));
  })
  .post("/login/dev", async (c) => {
    if (!devLoginEnabled(c.env, c.req.url)) throw notFound();
    await enforceSignInRateLimit(c.env, c.get("db"), c.req.raw);
    const isJson = (c.req.header("Content-Type") ?? "").startsWith("application/json");
    const raw = isJson ? await c.req.json().catch(() => null) : Object.fromEntries(await c.req.formData());
    const body = parseValue(devLoginBody, raw, "Invalid sign-in details");
    const user = await upsertUserByEmail(c.get("db"), body);
    await signIn(c, user.id);
    return c.redirect(safeReturnTo(body.returnTo, c.req.url), 303);
  })
  .get("/callback/:provider", async (c) => {
    await enforceSignInRateLimit(c.env, c.get("db"), c.req.raw);
    const provider = providerParam.safeParse(c.req.param("provider"));
    if (!provider.success || !enabledProviders(c.env).includes(provider.data)) throw notFound("Unknown sign-in provider");
    const state = c.req.query("state");
    const code = c.req.query("code");
    const cookie = parseOAuthCookie(getCookie(c, OAUTH_COOKIE));
    deleteCookie(c, OAUTH_COOKIE, { path: "/api/callback" });
    if (!state || !code || !cookie || cookie.state !== state) throw invalid("Invalid OAuth state");
    const stateKey = `oauth-state:${state}`;
    const stored = await c.env.SESSIONS.get(stateKey);
    await c.env.SESSIONS.delete(stateKey);
    if (stored !== provider.data) throw invalid("Invalid OAuth state");
    const profile = await completeAuthorization(c.env, provider.data, callbackUrl(c.req.url, provider.data), code, cookie.verifier).catch(
      (error: unknown) => {
        console.warn("OAuth code exchange failed", error);
        throw invalid("Sign-in with the provider failed. Please try again.");
      },
    );
    const user = await upsertUserFromProvider(c.get("db"), profile);
    await signIn(c, user.id);
    return c.redirect(safeReturnTo(cookie.returnTo, c.req.url), 302);
  })
  .get("/logout", async (c) => {
    const sessionId = sessionIdFromRequest(c);
    if (sessionId) await destroySession(c.env, sessionId);
    await signOutOfRooms(c.env, c.get("db"), c.get("user")?.id, sessionId);
    clearSessionCookie(c);
    return c.redirect("/", 302);
  })
  .get("/auth/user", async (c) => {
    const user = c.get("user");
    if (!user) throw unauthorized();
    return c.json(await getAuthUser(c.get("db"), user));
  });

const oauthCookie = z.object({ state: z.string(), verifier: z.string().nullable(), returnTo: z.string().optional() });
function parseOAuthCookie(value: string | undefined) {
  if (!value) return null;
  try {
    const parsed = oauthCookie.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Sign-in attempts per client address per minute (SIGNIN_RATE_LIMIT_PER_MINUTE, default 30). */
async function enforceSignInRateLimit(env: Env, db: Db, request: Request): Promise<void> {
  const limit = Number(env.SIGNIN_RATE_LIMIT_PER_MINUTE ?? "30") || 30;
  const { allowed } = await consumeRateLimit(db, `signin:${clientAddress(request)}`, limit, 60_000);
  if (!allowed) throw rateLimited("Too many sign-in attempts. Try again in a minute.");
}

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0].trim() ?? "local";
}

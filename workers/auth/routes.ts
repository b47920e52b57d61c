import { createRoute, z } from "@hono/zod-openapi";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { authUserResponse, devLoginBody, loginQuery, oauthCallbackQuery, safeReturnTo } from "../contract/auth";
import { PUBLIC, apiRouter, errorBody, errors, jsonResponse } from "../api/openapi-kit";
import { memberRoute, missingUnlessKnownParam } from "../api/route-guards";
import { getAuthUser, listDemoMembers, upsertUserByEmail, upsertUserFromProvider } from "../domain/members/users";
import type { AppEnv } from "../http/app-env";
import { invalid, notFound, rateLimited } from "../domain/errors";
import { isLocalHost } from "../http/security";
import { consumeRateLimit } from "../domain/rate-limit";
import { requireUser } from "../http/require-user";
import { parseValue } from "../http/validate";
import { endSessionSockets } from "../domain/inbox";
import { devLoginEnabled } from "./dev-login";
import { renderLoginPage, renderNotConfiguredPage, renderSignOutPage, renderSuspendedPage } from "./login-page";
import { readSuspension, suspensionMessage } from "../domain/moderation/standing";
import { PROVIDER_IDS, completeAuthorization, enabledProviders, startAuthorization, type ProviderId } from "./providers";
import { clearSessionCookie, destroySession, sessionIdFromRequest, sessionKey, signIn } from "./session";

const OAUTH_COOKIE = "realmcast_oauth";
const OAUTH_TTL_SECONDS = 10 * 60;
const providerParam = z.enum(PROVIDER_IDS);
const UNKNOWN_PROVIDER = "Unknown sign-in provider";

const callbackUrl = (requestUrl: string, provider: ProviderId) => new URL(`/api/callback/${provider}`, requestUrl).toString();

const htmlPage = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });
/** A suspended member's sign-in: the page (HTML) says why; the shared layers' 403s stay JSON. */
const suspendedOrRefused = {
  description: "The account is suspended (an HTML page says why and until when); or a cross-origin request",
  content: { "text/html": { schema: z.string() }, "application/json": { schema: errorBody } },
};
const redirectTo = (description: string) => ({
  description,
  headers: { Location: { description: "Where the browser goes next", schema: { type: "string" as const } } },
});

/** Sign-in attempts per client address per minute (SIGNIN_RATE_LIMIT_PER_MINUTE, default 30), counted before anything else. */
const signInRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const limit = Number(c.env.SIGNIN_RATE_LIMIT_PER_MINUTE ?? "30") || 30;
  const { allowed } = await consumeRateLimit(c.get("db"), `signin:${clientAddress(c.req.raw)}`, limit, 60_000);
  if (!allowed) throw rateLimited("Too many sign-in attempts. Try again in a minute.");
  await next();
});

/** The dev sign-in does not exist (404) unless it is enabled for this request (see dev-login.ts). */
const devLoginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!devLoginEnabled(c.env, c.req.url)) throw notFound();
  await next();
});

const loginPage = createRoute({
  method: "get",
  path: "/login",
  summary: "Sign-in page (dev sign-in and configured providers), or a redirect to the provider named by ?provider=.",
  security: PUBLIC,
  request: { query: loginQuery },
  responses: {
    200: htmlPage("The sign-in page"),
    302: redirectTo("To the provider's authorization page (PKCE, single-use state)"),
    503: htmlPage("No provider is configured and dev sign-in is off"),
    ...errors([404, "Unknown provider"]),
  },
});

const devLogin = createRoute({
  method: "post",
  path: "/login/dev",
  summary:
    "Dev sign-in (only when AUTH_DEV_LOGIN is true and the request is addressed to a loopback host): creates the member if the e-mail is new, sets the session cookie, 303 to the same-site returnTo (else /).",
  security: PUBLIC,
  middleware: [devLoginOnly, signInRateLimit],
  request: {
    // The sign-in page posts an HTML form; scripts and tests post JSON. Each is validated when it is the one sent.
    body: {
      content: {
        "application/json": { schema: devLoginBody },
        "application/x-www-form-urlencoded": { schema: devLoginBody },
      },
    },
  },
  responses: {
    303: redirectTo("Signed in: to the same-site returnTo, else /"),
    403: suspendedOrRefused,
    ...errors([400, "Invalid details"], [404, "Dev sign-in is off (or not a loopback host)"], [429, "Too many sign-in attempts"]),
  },
});

const oauthCallback = createRoute({
  method: "get",
  path: "/callback/{provider}",
  summary:
    "OAuth callback: checks the single-use state, links or creates the member (by e-mail only when the provider verified it), starts a session, redirects to the same-site returnTo (else /).",
  security: PUBLIC,
  middleware: signInRateLimit,
  request: { params: z.object({ provider: providerParam }), query: oauthCallbackQuery },
  responses: {
    302: redirectTo("Signed in: to the same-site returnTo, else /"),
    403: suspendedOrRefused,
    ...errors([400, "Missing, wrong or replayed state"], [404, "Unknown provider"], [429, "Too many sign-in attempts"]),
  },
});

const signOutPage = createRoute({
  method: "get",
  path: "/logout",
  summary:
    "The 'Sign out?' page, whose form posts to POST /api/logout: a link (from any site) signs nobody out. Without a session that resolves, it clears the cookie and redirects to /.",
  security: PUBLIC,
  responses: { 200: htmlPage("The 'Sign out?' page"), 302: redirectTo("No session: to /") },
});

const logout = createRoute({
  method: "post",
  path: "/logout",
  summary:
    "Signs out: ends the session (KV and cookie) and closes the room sockets opened with it, then 303 to /. Same-origin only, like every state change; the account menu's Sign Out is a form posting here (no JavaScript needed).",
  security: PUBLIC,
  responses: { 303: redirectTo("Signed out: to /"), ...errors([403, "Cross-origin request"]) },
});

const authUser = memberRoute({
  method: "get",
  path: "/auth/user",
  summary: "The signed-in member.",
  responses: { 200: jsonResponse(authUserResponse, "The member"), ...errors([401, "Signed out"]) },
});

export const authRoutes = apiRouter()
  .openapi(loginPage, async (c) => {
    const providers = enabledProviders(c.env);
    const devLogin = devLoginEnabled(c.env, c.req.url);
    const query = c.req.valid("query");
    const returnTo = safeReturnTo(query.returnTo, c.req.url);
    const chosen = query.provider ? providerParam.safeParse(query.provider) : null;
    if (chosen && (!chosen.success || !providers.includes(chosen.data))) throw notFound(UNKNOWN_PROVIDER);
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
    return c.html(renderLoginPage({ devLogin, providers, members, returnTo }), 200);
  })
  .openapi(devLogin, async (c) => {
    const type = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    const body =
      type === "application/json"
        ? c.req.valid("json")
        : type === "application/x-www-form-urlencoded"
          ? c.req.valid("form")
          : // No body at all (the media-type gate lets an empty request through): validated as an empty one.
            parseValue(devLoginBody, {}, "Invalid sign-in details");
    const user = await upsertUserByEmail(c.get("db"), body);
    const suspension = await readSuspension(c.get("db"), user.id);
    if (suspension) return c.html(renderSuspendedPage(suspensionMessage(suspension)), 403);
    await startSession(c, user.id);
    return c.redirect(safeReturnTo(body.returnTo, c.req.url), 303);
  })
  .openapi(
    oauthCallback,
    async (c) => {
      const provider = c.req.valid("param").provider;
      if (!enabledProviders(c.env).includes(provider)) throw notFound(UNKNOWN_PROVIDER);
      const { state, code } = c.req.valid("query");
      const cookie = parseOAuthCookie(getCookie(c, OAUTH_COOKIE));
      deleteCookie(c, OAUTH_COOKIE, { path: "/api/callback" });
      if (!state || !code || !cookie || cookie.state !== state) throw invalid("Invalid OAuth state");
      const stateKey = `oauth-state:${state}`;
      const stored = await c.env.SESSIONS.get(stateKey);
      await c.env.SESSIONS.delete(stateKey);
      if (stored !== provider) throw invalid("Invalid OAuth state");
      const profile = await completeAuthorization(c.env, provider, callbackUrl(c.req.url, provider), code, cookie.verifier).catch(
        (error: unknown) => {
          c.get("log").warn("OAuth code exchange failed", { provider, error });
          throw invalid("Sign-in with the provider failed. Please try again.");
        },
      );
      const user = await upsertUserFromProvider(c.get("db"), profile);
      const suspension = await readSuspension(c.get("db"), user.id);
      if (suspension) return c.html(renderSuspendedPage(suspensionMessage(suspension)), 403);
      await startSession(c, user.id);
      return c.redirect(safeReturnTo(cookie.returnTo, c.req.url), 302);
    },
    missingUnlessKnownParam(UNKNOWN_PROVIDER),
  )
  .openapi(signOutPage, async (c) => {
    const user = c.get("user");
    if (!user) {
      clearSessionCookie(c);
      return c.redirect("/", 302);
    }
    return c.html(renderSignOutPage(user), 200);
  })
  .openapi(logout, async (c) => {
    const sessionId = sessionIdFromRequest(c);
    if (sessionId) await destroySession(c.env, sessionId);
    await endSessionSockets(c.env, c.get("db"), c.get("user")?.id, sessionId && (await sessionKey(sessionId)));
    clearSessionCookie(c);
    return c.redirect("/", 303);
  })
  .openapi(authUser, async (c) => c.json(await getAuthUser(c.get("db"), requireUser(c)), 200));

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

/**
 * Signs `userId` in. The browser's previous session, replaced by this one, ends everywhere it was open: its room
 * and inbox sockets close at once, as on sign-out (not up to 60 s later, when a room would have re-checked it).
 */
async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const previous = sessionIdFromRequest(c);
  const previousUser = c.get("user")?.id;
  await signIn(c, userId);
  await endSessionSockets(c.env, c.get("db"), previousUser, previous && (await sessionKey(previous)));
}

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0].trim() ?? "local";
}

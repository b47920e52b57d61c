import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { withQueryCounter } from "../db/query-counter";
import { bytesToBase64Url } from "../lib/base64url";
import { HttpError } from "./errors";
import { AVATAR_MAX_BYTES } from "../contract/avatar-options";

/** The body cap of every request but the upload routes': page actions, `.data` requests, /api and the dev sign-in. */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * Routes that take a file instead of JSON: their body cap (the file's limit plus
 * room for the multipart framing). Their media type is checked by the route
 * itself (its declaration's gate answers 415), after the sign-in check.
 */
const UPLOAD_ROUTES: Record<string, number> = { "POST /api/user/avatar": AVATAR_MAX_BYTES + 16 * 1024 };
export const uploadBodyLimit = (method: string, pathname: string): number | undefined => UPLOAD_ROUTES[`${method} ${pathname}`];
/** The most bytes a request to `method pathname` may carry. */
export const bodyLimitOf = (method: string, pathname: string): number => uploadBodyLimit(method, pathname) ?? MAX_BODY_BYTES;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const tooLarge = () => new HttpError(413, "Request body too large");
/** Routes that accept an HTML form post (the dev sign-in page) besides JSON. */
// Forms posted by the Worker's own pages: the dev sign-in, and Sign Out (an empty form).
const FORM_ROUTES = new Set(["/api/login/dev", "/api/logout"]);

export function isLocalHost(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

/** The request's `Origin` is the site's own (browsers always send one on non-GET requests and socket upgrades). */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return origin !== null && origin === new URL(request.url).origin;
}

export function randomToken(byteLength: number): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** The origin of the card image host (CARD_IMAGE_ORIGIN), or nothing when it is not a URL. */
export function cardImageSource(configured: string | undefined): string {
  try {
    const origin = new URL(configured ?? "").origin;
    return origin === "null" ? "" : ` ${origin}`;
  } catch {
    return "";
  }
}

export function contentSecurityPolicy(url: URL, nonce: string, cardImageOrigin?: string): string {
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Radix positions popovers with inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // https: for members' pictures from sign-in providers; the card image host by name, since local runs and tests
    // serve card images over http from the fake card service.
    `img-src 'self' data: blob: https:${cardImageSource(cardImageOrigin)}`,
    "media-src 'self' blob: mediastream:",
    `connect-src 'self' ${socketOrigin}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Nonce per request, security headers on every response the Worker writes. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("nonce", randomToken(16));
  const measureRows = c.env.MEASURE_D1_ROWS === "true" && c.req.header("x-measure-d1-rows") === "1";
  const { queries, rowsRead } = await withQueryCounter(() => next(), { measureRows });
  const url = new URL(c.req.url);
  const headers = c.res.headers;
  // WebSocket upgrade responses have immutable headers; they carry no document anyway.
  if (c.res.status === 101) return;
  headers.set("Server-Timing", `d1;desc="${queries} queries"` + (rowsRead === null ? "" : `, d1-rows;desc="${rowsRead} rows read"`));
  headers.set("Content-Security-Policy", contentSecurityPolicy(url, c.get("nonce"), c.env.CARD_IMAGE_ORIGIN));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(self), microphone=(self), display-capture=(self), geolocation=()");
  if (!isLocalHost(url)) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
};

/** Whether the request authenticates with an API token (`Authorization` header) rather than a cookie. */
const sendsApiToken = (request: Request) => request.headers.has("Authorization");

/**
 * The CSRF rule, in one place. A cookie request that changes state needs our
 * own `Origin` (browsers send one on every non-GET request), so another site's
 * page cannot ride a member's cookie. A token request carries no cookie, so a
 * missing `Origin` is fine (bots and curl send none), but one from a browser
 * page of another site is refused on every method: a token pasted into
 * someone else's page must not work there.
 */
function refuseForeignOrigin(request: Request): void {
  if (sendsApiToken(request)) {
    if (request.headers.has("Origin") && !isSameOrigin(request)) throw new HttpError(403, "Cross-origin request refused");
    return;
  }
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) throw new HttpError(403, "Cross-origin request refused");
}

/**
 * CSRF and input hygiene: the Origin rule above (403), and for state-changing requests JSON bodies on /api (415
 * otherwise). The body's size is bodyCap's.
 */
export const requestGuards: MiddlewareHandler<AppEnv> = async (c, next) => {
  refuseForeignOrigin(c.req.raw);
  if (SAFE_METHODS.has(c.req.method)) return next();
  const url = new URL(c.req.url);
  const length = Number(c.req.header("Content-Length") ?? "0");
  if (url.pathname.startsWith("/api/") && uploadBodyLimit(c.req.method, url.pathname) === undefined) {
    const type = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    const hasBody = length > 0 || c.req.header("Transfer-Encoding") !== undefined;
    const formAllowed = FORM_ROUTES.has(url.pathname) && type === "application/x-www-form-urlencoded";
    if ((hasBody || type !== "") && type !== "application/json" && !formAllowed) {
      throw new HttpError(415, "Content-Type must be application/json");
    }
  }
  return next();
};

/**
 * Reads `body` into memory up to `limit` bytes; one byte more cancels the stream (the rest is never read) and
 * answers 413.
 */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel("Request body too large");
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The one body cap (413), for every request that carries a body whatever its framing: page actions and their
 * `.data` requests, /api, the dev sign-in, and the upload routes with their own larger cap (UPLOAD_ROUTES). A
 * declared Content-Length over the cap is refused before a byte is read; any other body (chunked, or a length that
 * understates it) is counted as it streams in and refused the moment it passes the cap, without reading the rest.
 * What passes is handed on as a buffered copy, so no handler, Remix action or form parser can read past the cap.
 * GET, HEAD and OPTIONS are left alone: nothing reads their bodies.
 */
export const bodyCap: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = c.req.raw.body;
  if (!body || SAFE_METHODS.has(c.req.method)) return next();
  const limit = bodyLimitOf(c.req.method, new URL(c.req.url).pathname);
  if (Number(c.req.header("Content-Length") ?? "0") > limit) {
    await body.cancel("Request body too large");
    throw tooLarge();
  }
  c.req.raw = new Request(c.req.raw, { body: await readCapped(body, limit) });
  return next();
};

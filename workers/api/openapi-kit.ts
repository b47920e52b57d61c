import { OpenAPIHono, type Hook, type RouteConfig } from "@hono/zod-openapi";
import { z } from "../lib/zod";
import type { AppEnv } from "../http/app-env";
import { invalid } from "../domain/errors";
import { scopeOfRoute } from "../contract/access-token-scopes";
import { limitText } from "../domain/rate-limit-rules";

/**
 * What every /api route declaration is built from: `createRoute` (from
 * @hono/zod-openapi) with these helpers is the ONE declaration of a route. The
 * handler's validation, the OpenAPI document and the typed browser client
 * (app/lib/api-client.ts) all come from it.
 */

const INVALID_INPUT: Record<string, string> = {
  json: "Invalid request body",
  form: "Invalid form body",
  query: "Invalid query parameters",
  param: "Invalid path parameters",
  header: "Invalid headers",
  cookie: "Invalid cookies",
};

/** Failed request validation becomes the API's one error shape: 400 `{ message, issues }`. */
export const validationHook: Hook<unknown, AppEnv, string, void> = (result) => {
  if (!result.success) throw invalid(INVALID_INPUT[result.target] ?? "Invalid request", result.error.issues);
};

/** A router of one /api area. */
export const apiRouter = () => declaresEveryStatus(new OpenAPIHono<AppEnv>({ defaultHook: validationHook }));

/**
 * Makes `router` declare every route it registers with every status the route can answer: its own `responses`,
 * plus the ones the Worker's shared layers give it (transportResponses), so the OpenAPI document and the response
 * check (response-contract.ts) read the same complete list. Every area router has it (apiRouter); the API's base
 * router, whose `basePath` makes a new registry, is given it again (workers/api/index.ts).
 */
export function declaresEveryStatus<R extends Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">>(router: R): R {
  const registry = router.openAPIRegistry;
  const register = registry.registerPath.bind(registry);
  registry.registerPath = (route) => register({ ...route, responses: { ...transportResponses(route), ...route.responses } });
  return router;
}

/** `{ message, issues? }`: the body of every error the API answers on purpose. */
export const errorBody = z
  .object({
    message: z.string(),
    issues: z.array(z.looseObject({})).optional().meta({ description: "zod issues, for 400 only" }),
  })
  .meta({ id: "Error" });

const ERROR_TEXT = {
  400: "Bad request",
  401: "Unauthorized: sign in first",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable",
  429: "Too many requests",
  503: "Service unavailable",
} as const;
type ErrorStatus = keyof typeof ERROR_TEXT;

/**
 * Error responses of a route, each `{ message, issues? }`. Pass a code for the
 * generic description, or `[code, "what it means here"]`.
 */
export function errors<const C extends ErrorStatus>(...codes: (C | readonly [C, string])[]) {
  const out = {} as Record<C, { description: string; content: { "application/json": { schema: typeof errorBody } } }>;
  for (const entry of codes) {
    const [code, description]: readonly [C, string] = typeof entry === "number" ? [entry, ERROR_TEXT[entry]] : entry;
    out[code] = { description, content: { "application/json": { schema: errorBody } } };
  }
  return out;
}

/** A JSON response with its schema. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { "application/json": { schema } },
});

/** `security` of member-only routes: the session cookie (401 without it). */
export const MEMBER_ONLY = [{ session: [] }];
/** `security` of public routes. */
export const PUBLIC = [];

const SAFE_METHODS = new Set(["get", "head", "options"]);

/**
 * The error statuses a route answers before (or around) its handler, from what its declaration says: the one place
 * they are declared, so no route can answer one its declaration does not name.
 * - 400: invalid path, query or body (the validation hook), on a route that takes any; on every route, a request
 *   that sends both a session cookie and an API token (workers/http/auth-middleware.ts).
 * - 401: a member-only route to a visitor; a token route to a malformed, unknown, revoked or expired token.
 * - 403: a token on a route that takes none, or without the route's scope; a token request from another site's
 *   page; on state-changing routes, a cookie request without this site's Origin (workers/http/security.ts).
 * - 413 and 415: state-changing routes, for a body over the cap (bodyCap) or one that is not JSON (requestGuards).
 * - 429: a token route, for a token over its own request limit (counted before the route's own limits).
 * A route's own entry for a status (with what it means there) takes precedence over these.
 */
export function transportResponses(route: Pick<RouteConfig, "method" | "path" | "request" | "security">) {
  const reasons = new Map<ErrorStatus, string[]>();
  const add = (status: ErrorStatus, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  const request = route.request ?? {};
  const takesInput = Boolean(request.params || request.query || request.body || request.headers || request.cookies);
  const writes = !SAFE_METHODS.has(route.method);
  const memberOnly = (route.security ?? []).some((requirement) => "session" in requirement);
  const scope = scopeOfRoute(route.method, route.path);
  if (takesInput) add(400, "Invalid path parameters, query or body");
  add(400, "Sent both a session cookie and an API token");
  if (memberOnly) add(401, "Unauthorized: sign in first");
  if (scope) add(401, "The API token is malformed, unknown, revoked or expired");
  add(
    403,
    scope ? `The API token does not have the ${scope} scope, or is sent from another site's page` : "This route does not accept API tokens",
  );
  if (writes) add(403, "Cross-origin request refused");
  if (scope) add(429, `More than ${limitText("accessTokenUse")}`);
  if (writes) add(413, "Request body too large");
  if (writes) add(415, "A body that is not JSON (Content-Type must be application/json)");
  return errors(...[...reasons].map(([status, why]) => [status, why.join("; ")] as const));
}

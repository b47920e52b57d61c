import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import { z } from "../lib/zod";
import type { AppEnv } from "../http/app-env";
import { invalid } from "../domain/errors";

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
export const apiRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

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

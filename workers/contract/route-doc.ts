import type { z } from "zod";

/**
 * One documented /api route. Every area lists its routes in
 * `workers/contract/<area>.ts`; the API reference (/api-docs, /api/openapi.json)
 * is generated from these, and a test fails when the Hono app serves a route
 * that no RouteDoc lists.
 */
export type RouteDoc = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Hono path syntax, e.g. `/api/game-sessions/:id/join`. */
  path: string;
  summary: string;
  /** Who may call it: anyone, or a signed-in member (401 otherwise). */
  auth: "public" | "member";
  body?: z.ZodType;
  query?: z.ZodType;
  /** Shape of the success response, when it is JSON. */
  response?: z.ZodType;
  /** Status codes besides the success one, with what they mean. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429, string>>;
  /** Success status (200 unless said). */
  status?: 200 | 201 | 204 | 302 | 303;
  /** Content type of a non-JSON success response (HTML page, iCalendar, redirect). */
  produces?: string;
};

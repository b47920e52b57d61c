import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { DomainError, type DomainErrorKind } from "../domain/errors";
import { currentLogger } from "../lib/logger";
import type { AppEnv } from "./app-env";

/**
 * An error of the transport itself (bad content type, body too large, not a
 * WebSocket upgrade, cross-origin). Rules of the product throw DomainError.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: unknown[],
    /** Extra response headers, e.g. `Retry-After` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The one mapping of domain error kinds to HTTP statuses. */
export const STATUS_OF_KIND = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
} as const satisfies Record<DomainErrorKind, ContentfulStatusCode>;

export type ErrorBody = { message: string; issues?: unknown[] };

/** Status, body and headers of an error the API answers on purpose; null for anything unexpected. */
export function describeError(error: unknown): { status: ContentfulStatusCode; body: ErrorBody; headers?: Record<string, string> } | null {
  const body = (message: string, issues?: unknown[]): ErrorBody => (issues ? { message, issues } : { message });
  if (error instanceof DomainError) {
    return {
      status: STATUS_OF_KIND[error.kind],
      body: body(error.message, error.issues),
      ...(error.retryAfterSeconds ? { headers: { "Retry-After": String(error.retryAfterSeconds) } } : {}),
    };
  }
  if (error instanceof HttpError) return { status: error.status, body: body(error.message, error.issues), headers: error.headers };
  // Hono's own validator and body parsers throw these (malformed JSON, 415 from the media-type gate).
  if (error instanceof HTTPException && error.status < 500) {
    return { status: error.status as ContentfulStatusCode, body: body(error.message || "Bad request") };
  }
  return null;
}

/**
 * The Worker's one error answer (`app.onError`): a known error as its status and `{ message, issues? }`; anything
 * else is logged at error level with its stack and the request id, and answered 500 with that id (never the stack),
 * so a member can quote it and an operator find the request's lines.
 */
export function answerError(error: Error, c: Context<AppEnv>): Response {
  const known = describeError(error);
  if (known) return c.json(known.body, known.status, known.headers);
  // A router mounted without the request log (a test's) still logs, through the current logger.
  const log = c.get("log") ?? currentLogger();
  log.error("Unhandled error", { error });
  const requestId = log.fields.requestId;
  if (typeof requestId !== "string") return c.json({ message: "Something went wrong on our side." }, 500);
  return c.json({ message: `Something went wrong on our side. Request id: ${requestId}`, requestId }, 500);
}

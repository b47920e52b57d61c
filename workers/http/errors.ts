import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error type the API throws on purpose. The app's `onError` shapes it
 * as `{ message, issues? }` with its status; anything else becomes a 500.
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

export const badRequest = (message: string, issues?: unknown[]) => new HttpError(400, message, issues);
export const unauthorized = (message = "Unauthorized") => new HttpError(401, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined);

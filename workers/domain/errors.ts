/**
 * What went wrong in the domain, independent of HTTP. The API maps a kind to a
 * status in one place (workers/http/errors.ts); Remix loaders and actions map it
 * to their responses (app/lib/domain-response.server.ts).
 */
export type DomainErrorKind =
  "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "unprocessable" | "rate_limited" | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** zod issues, for `invalid`. */
    readonly issues?: unknown[],
    /** Seconds until a rate-limited caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string, issues?: unknown[]) => new DomainError("invalid", message, issues);
export const unauthorized = (message = "Unauthorized") => new DomainError("unauthorized", message);
export const forbidden = (message = "Forbidden") => new DomainError("forbidden", message);
export const notFound = (message = "Not found") => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
/** Well-formed, but what it names cannot be used (a deck site that refuses to hand out the deck). */
export const unprocessable = (message: string) => new DomainError("unprocessable", message);
/** An outside service the answer depends on cannot be reached right now. */
export const unavailable = (message: string) => new DomainError("unavailable", message);
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new DomainError("rate_limited", message, undefined, retryAfterSeconds);

/**
 * Whether D1 refused a write for a unique key or primary key already taken: the one way two requests at once
 * learn that the other won (D1 puts SQLite's message in the error or its cause).
 */
export function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return text.includes("UNIQUE constraint failed");
}

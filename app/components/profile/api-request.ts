import { noticeUnauthorized } from "~/lib/session-expired";

/** An /api call that failed; `message` is "<status>: <body or status text>" (spec 000 §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }

  /** The server's `{ message }`, when it sent one. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string" ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

/**
 * Browser-side call to the Worker's /api: JSON in, JSON out, same-origin
 * cookie; a JSON content type and body only when there is a payload.
 */
export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  noticeUnauthorized(response.status);
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

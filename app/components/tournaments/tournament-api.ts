import { noticeUnauthorized } from "~/lib/session-expired";

/**
 * The Tournament Hub's calls to /api (spec 001 §7). A failed call throws an
 * Error carrying the server's message, which the toasts show.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function tournamentApi<T = unknown>(method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  noticeUnauthorized(res.status);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const message = data && typeof data === "object" && "message" in data && typeof data.message === "string" ? data.message : "";
    throw new ApiError(res.status, message);
  }
  return data as T;
}

/** The server message, or the spec's fallback 'Something went wrong'. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong";
}

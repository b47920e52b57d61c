import { noticeUnauthorized } from "~/lib/session-expired";

/**
 * JSON calls from the matchmaking page to the /api contract. A failed call
 * throws an Error whose message is the server's `message` (shown in toasts),
 * or "<status>: <status text>" when the body has none.
 */
export async function callApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  noticeUnauthorized(res.status);
  if (!res.ok) {
    const text = await res.text();
    let message = "";
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") message = parsed.message;
    } catch {
      // not JSON: fall back to the status line
    }
    throw new Error(message || `${res.status}: ${text || res.statusText}`);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The error's message, or `fallback` when there is none (spec §8 toasts). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

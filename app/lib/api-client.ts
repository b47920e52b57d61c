import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "../../workers/api";
import { noticeUnauthorized } from "./session-expired";

/**
 * The one browser client of /api, typed from the route declarations
 * (workers/api): paths, inputs and outputs cannot drift from the server.
 * Pages read with loaders and write with actions; this is for what the browser
 * still fetches itself (live lists, polling, the room's REST calls).
 */
export const api = hc<ApiRoutes>("/", { init: { credentials: "same-origin" } }).api;

/** A non-OK /api answer. Its text is "<status>: <body or status text>" (spec 000 §8). */
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

type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * Awaits a client call: the success body, or an ApiError for any non-OK status. A 401 also starts the
 * "logged out" flow (app/lib/session-expired.ts): the session ended while the page was open.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(pending: Promise<R>): Promise<SuccessBody<R>> {
  const res = await pending;
  if (!res.ok) {
    noticeUnauthorized(res.status);
    throw new ApiError(res.status, await res.text(), res.statusText);
  }
  if (res.status === 204) return undefined as SuccessBody<R>;
  return (await res.json()) as SuccessBody<R>;
}

/** The message to show for a failed call: the server's, else `fallback`. */
export const apiErrorMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;

/**
 * Browser calls to the events API (spec 001 §7). A non-OK response throws
 * `Error("<status>: <message>")` as the architecture's API helper does; the
 * server's `{ message }` is kept readable for toasts.
 */
import type { CreateEventBody, EventDto, JoinEventBody, UpdateEventBody } from "../../../workers/contract/events";
import { noticeUnauthorized } from "~/lib/session-expired";

export class EventApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  noticeUnauthorized(res.status);
  if (!res.ok) {
    const text = await res.text();
    let message = text || res.statusText;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") message = parsed.message;
    } catch {
      // Not JSON: keep the raw text.
    }
    throw new EventApiError(res.status, message);
  }
  return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
}

export type EventInput = Omit<CreateEventBody, "playerSlots" | "alternateSlots"> &
  Partial<Pick<UpdateEventBody, "playerSlots" | "alternateSlots">>;

export const eventsClient = {
  list: (params: URLSearchParams) => send<EventDto[]>("GET", `/api/events?${params}`),
  create: (input: EventInput) => send<EventDto>("POST", "/api/events", input),
  update: (id: string, input: EventInput) => send<EventDto>("PUT", `/api/events/${encodeURIComponent(id)}`, input),
  remove: (id: string) => send<void>("DELETE", `/api/events/${encodeURIComponent(id)}`),
  join: (id: string, input: JoinEventBody) => send<EventDto>("POST", `/api/events/${encodeURIComponent(id)}/join`, input),
  leave: (id: string) => send<{ left: true; promotedUserIds: string[] }>("DELETE", `/api/events/${encodeURIComponent(id)}/leave`),
  feedUrl: () => send<{ url: string; webcalUrl: string }>("GET", "/api/events/feed-url"),
  rotateFeedUrl: () => send<{ url: string; webcalUrl: string }>("POST", "/api/events/feed-url"),
};

export function errorMessage(error: unknown): string {
  if (error instanceof EventApiError) return error.serverMessage;
  return "Please try again later.";
}

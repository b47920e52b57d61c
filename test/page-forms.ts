import { request, type Member } from "./helpers";

/**
 * Posting to a Remix route action the way a browser does: an HTML form post
 * (`document`, what a page without JavaScript sends) or a fetcher's single-fetch
 * request (`fetcher`: the same action, answered as data at `<path>.data`).
 */
export function postForm(
  path: string,
  member: Member | null,
  fields: Record<string, string | string[] | undefined>,
  options: { as?: "document" | "fetcher"; origin?: string } = {},
): Promise<Response> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of value === undefined ? [] : [value].flat()) body.append(name, v);
  const url = new URL(path, "http://localhost");
  const target = options.as === "fetcher" ? `${url.pathname}.data${url.search}` : `${url.pathname}${url.search}`;
  return request(target, {
    method: "POST",
    body: body.toString(),
    cookie: member?.cookie,
    ...(options.origin ? { origin: options.origin } : {}),
    // Browsers always send Host; Remix compares it with Origin before it runs an action.
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
  });
}

/** D1 round trips of one request, from the Worker's Server-Timing header. */
export function queriesOf(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

/** The toast an action left for the next page (the `realmcast_toast` cookie), or null. */
export function toastOf(res: Response): { title: string; description?: string } | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0].slice("realmcast_toast=".length));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0))));
}

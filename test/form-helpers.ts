import { type Member, request } from "./helpers";

/**
 * Posting a page's form as a browser does: urlencoded fields, same-origin
 * Origin and a Host (Remix compares the two). `path` may be a document URL
 * (no JavaScript) or Remix's single-fetch data URL (`/calendar.data?...`, what
 * a <Form> or fetcher sends with JavaScript).
 */
export function postForm(path: string, member: Member | null, fields: Record<string, string | string[]>, origin?: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return request(path, {
    method: "POST",
    body: body.toString(),
    cookie: member?.cookie,
    origin,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
  });
}

/** D1 round trips of one request, from the Worker's Server-Timing header. */
export function queriesOf(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

/** The toast a post/redirect/get action left in its cookie (the root loader shows it on the next page). */
export function toastCookieOf(res: Response): { title: string; description?: string } | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0].slice("realmcast_toast=".length));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0))));
}

import { request, type Member } from "./helpers";

/**
 * A form post to a Remix route action as the page's fetcher sends it with
 * single fetch: `POST <path>.data`, form-encoded, same origin.
 */
export function submitForm(path: string, member: Member | null, fields: Record<string, string>, options: { origin?: string } = {}) {
  const [pathname, search = ""] = path.split("?");
  return request(`${pathname}.data${search ? `?${search}` : ""}`, {
    method: "POST",
    cookie: member?.cookie,
    body: new URLSearchParams(fields).toString(),
    // Browsers send Host; Remix compares it with Origin before running an action.
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
    origin: options.origin,
  });
}

/** A JSON submission (`fetcher.submit(value, { encType: "application/json" })`). */
export function submitJson(path: string, member: Member | null, value: unknown, options: { origin?: string } = {}) {
  return request(`${path}.data`, {
    method: "POST",
    cookie: member?.cookie,
    body: JSON.stringify(value),
    headers: { "Content-Type": "application/json", Host: "localhost" },
    origin: options.origin,
  });
}

/** A resource route's loader as `fetcher.load(path)` reads it. */
export function loadData(path: string, member: Member | null) {
  const route = `routes/${path.replace(/^\//, "").replace(/\//g, ".")}`;
  return request(`${path}.data?_routes=${encodeURIComponent(route)}`, { cookie: member?.cookie, headers: { Host: "localhost" } });
}

const SPECIAL: Record<number, unknown> = { [-5]: null, [-7]: undefined, [-2]: NaN };

/**
 * Decodes a single-fetch answer (turbo-stream's flat JSON) for plain values:
 * objects, arrays, strings, numbers, booleans, null. Tagged values (errors,
 * dates, promises) are not needed by the tests and throw.
 */
export function decodeSingleFetch(text: string): any {
  const values: unknown[] = JSON.parse(text.split("\n")[0]);
  const at = (index: number): unknown => {
    if (index < 0) return SPECIAL[index];
    const value = values[index];
    if (Array.isArray(value)) {
      if (typeof value[0] === "string") throw new Error(`unsupported turbo-stream value ${JSON.stringify(value)}`);
      return value.map((i: number) => at(i));
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, i]) => [at(Number(key.slice(1))), at(i as number)]));
    }
    return value;
  };
  return at(0);
}

/** The action's answer: `{ data }` (its return value) or `{ redirect, status }` for a redirect. */
export async function actionResult(res: Response): Promise<any> {
  return decodeSingleFetch(await res.text());
}

import { exports } from "cloudflare:workers";
import { expect } from "vitest";

export const ORIGIN = "http://localhost";

type RequestOptions = {
  method?: string;
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  /** A multipart form body (file uploads); fetch sets its Content-Type with the boundary. */
  multipart?: FormData;
};

/** Sends a request through the real Worker (Hono, middleware, D1, KV). */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body === undefined && options.multipart === undefined ? "GET" : "POST");
  const headers = new Headers(options.headers);
  // Many test files share one Worker and its D1 (vitest.workers.config.ts): a request that names no client address
  // comes from one of its test's own, so per-address limits (sign-in, the contact form) never count another file's
  // requests.
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", testAddress());
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (method !== "GET" && method !== "HEAD" && options.origin !== null) headers.set("Origin", options.origin ?? ORIGIN);
  let body: string | FormData | undefined = options.multipart;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" }));
}

function testAddress(): string {
  const { testPath, currentTestName } = expect.getState();
  return `test:${testPath ?? ""}:${currentTestName ?? ""}`;
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export type Member = { id: string; cookie: string; email: string; firstName: string };

/** Creates a fresh member through the dev sign-in and returns their session cookie. */
export async function signUp(firstName = "Tester", lastName = "Member"): Promise<Member> {
  const email = `${firstName.toLowerCase()}-${crypto.randomUUID()}@test.realmcast.gg`;
  // Each test member signs in from its own address, so suites that create many members stay under
  // the per-address sign-in rate limit.
  const res = await request("/api/login/dev", {
    body: { firstName, lastName, email },
    headers: { "CF-Connecting-IP": `test-${crypto.randomUUID()}` },
  });
  if (res.status !== 303) throw new Error(`dev sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookieFrom(res);
  const me = await json(await request("/api/auth/user", { cookie }));
  return { id: me.id, cookie, email, firstName };
}

export function sessionCookieFrom(res: Response): string {
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_session="));
  if (!setCookie) throw new Error("no session cookie set");
  return setCookie.split(";")[0];
}

import { describe, expect, it } from "vitest";
import { request, signUp } from "./helpers";

// Issue 23: a page action sent a body that is not a form answered 500 (and logged a TypeError). Every action that
// reads a form now answers 415 with what to send, and logs nothing (test/setup.ts fails a test on console.error).
const FORM_ACTIONS = [
  "/contact",
  "/?index",
  "/calendar",
  "/community-forum",
  "/matchmaking",
  "/notifications",
  "/profile",
  "/social",
  "/tournaments",
  "/tablesync?index",
  `/tournaments/${crypto.randomUUID()}`,
  `/tablesync/room/${crypto.randomUUID()}`,
  `/events/${crypto.randomUUID()}/attendance`,
];

const NOT_FORMS: [string, string, string][] = [
  ["text/plain", "text/plain", "x"],
  ["JSON", "application/json", JSON.stringify({ intent: "join" })],
  ["multipart without its boundary", "multipart/form-data", "--x\r\n"],
  ["no Content-Type", "", "intent=join"],
];

/** The same action as Remix's single fetch calls it (`/path.data`, the index route's `?index` kept). */
const dataUrl = (path: string) => {
  const url = new URL(path, "http://localhost");
  return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
};

describe("page actions refuse a body that is not a form", () => {
  it.each(FORM_ACTIONS)("%s: 415 with what to send, for documents and data requests", async (path) => {
    const member = await signUp("Sender");
    for (const [label, type, body] of NOT_FORMS) {
      for (const url of [path, dataUrl(path)]) {
        const res = await request(url, {
          method: "POST",
          cookie: member.cookie,
          body,
          headers: { "Content-Type": type, Host: "localhost" },
        });
        expect(res.status, `${label} to ${url}`).toBe(415);
        const text = await res.text();
        expect(text, `${label} to ${url}`).toContain("Send this form as application/x-www-form-urlencoded or multipart/form-data");
      }
    }
  });

  it("a visitor's contact form sent as text is refused the same way", async () => {
    const res = await request("/contact", { method: "POST", body: "x", headers: { "Content-Type": "text/plain", Host: "localhost" } });
    expect(res.status).toBe(415);
    await res.arrayBuffer();
  });
});

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

// Issue 35: the settings action read any body as JSON, so a text/plain `{"intent":"export"}` (a body another site's
// page can send without a preflight) answered the member's whole data export. It reads JSON only from
// application/json, through readJsonSubmission, and refuses everything else with a 415 before reading it.
describe("the settings action reads JSON only when it is sent as application/json", () => {
  const NOT_JSON: [string, string][] = [
    ["text/plain", "text/plain"],
    ["text/plain with a charset", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["no Content-Type", ""],
  ];

  it.each(["export", "delete", "revokeToken"])("'%s' sent as anything else is a 415 that changes and answers nothing", async (intent) => {
    const member = await signUp("JsonOnly");
    for (const [label, type] of NOT_JSON) {
      for (const url of ["/settings", "/settings.data"]) {
        const res = await request(url, {
          method: "POST",
          cookie: member.cookie,
          body: JSON.stringify({ intent, id: "x" }),
          headers: { "Content-Type": type, Host: "localhost" },
        });
        expect(res.status, `${label} to ${url}`).toBe(415);
        const text = await res.text();
        expect(text, `${label} to ${url}`).toContain("Send this as application/json");
        expect(text, `${label} to ${url}`).not.toContain(member.email);
      }
    }
    // Still a member: no delete went through.
    expect((await request("/api/auth/user", { cookie: member.cookie })).status).toBe(200);
  });

  it("the same submission as application/json works (the dialog's own fetchers)", async () => {
    const member = await signUp("JsonYes");
    const res = await request("/settings.data", {
      method: "POST",
      cookie: member.cookie,
      body: JSON.stringify({ intent: "export" }),
      headers: { "Content-Type": "application/json; charset=utf-8", Host: "localhost" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(member.email);
  });

  it("malformed JSON sent as JSON is a 400 with the action's message, not a crash", async () => {
    const member = await signUp("JsonBad");
    const res = await request("/settings.data", {
      method: "POST",
      cookie: member.cookie,
      body: "{not json",
      headers: { "Content-Type": "application/json", Host: "localhost" },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Invalid settings");
  });
});

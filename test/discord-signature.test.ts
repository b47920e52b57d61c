import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { logLines } from "./console-capture";
import { discordId, discordPerson, fakeDiscord, newServer, postInteraction, signed } from "./discord-helpers";
import { request } from "./helpers";

/**
 * Issue 39: Discord's interactions reach the Worker only with Discord's signature. Every request's Ed25519
 * signature (X-Signature-Ed25519 over X-Signature-Timestamp + the raw body, the application's key) is checked
 * before anything else; a bad or missing one is a 401 that does nothing.
 */

const who = discordPerson("Signer");
/** A signed `/lfg` from a server that was never set up (so it changes nothing but the sender's limit). */
const ping = (extra: { timestamp?: number; wrong_key?: boolean } = {}) =>
  signed({ kind: "command", user: who, ...newServer(), command: { name: "lfg" }, ...extra });

/** What a request left in D1: a refused one must not even count against the sender's limit. */
const hitsOf = async (discordUserId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?").bind(`discordUser:${discordUserId}`).first<{ n: number }>())!
    .n;

describe("the interactions endpoint's signature check", () => {
  it("answers a signed PING with PONG", async () => {
    const body = JSON.stringify({ id: discordId(), application_id: fakeDiscord.applicationId, type: 1, version: 1, token: "ping-token" });
    const res = await postInteraction(body, await signedBody(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("takes a valid signature and acts on the interaction", async () => {
    const made = await ping();
    const res = await postInteraction(made.body, made.headers);
    expect(res.status).toBe(200);
    // This server was never set up: the member is told so, and the interaction counted against their limit.
    expect((await res.json<any>()).data.content).toMatch(/not tied to a Realmcast realm/);
    expect(await hitsOf(who.id)).toBe(1);
  });

  it("refuses a signature made with another key, does nothing and says why in the log", async () => {
    const person = discordPerson("Forger");
    const made = await signed({ kind: "command", user: person, ...newServer(), command: { name: "lfg" }, wrong_key: true });
    const res = await postInteraction(made.body, made.headers);
    expect(res.status).toBe(401);
    expect(await hitsOf(person.id)).toBe(0);
    expect(logLines().find((l) => l.message === "Discord interaction refused")).toMatchObject({ level: "warn", reason: "bad_signature" });
  });

  it("refuses a body altered after signing", async () => {
    const person = discordPerson("Tamperer");
    const made = await signed({ kind: "command", user: person, ...newServer(), command: { name: "lfg" }, permissions: "0" });
    const altered = made.body.replace('"permissions":"0"', '"permissions":"8"');
    expect(altered).not.toBe(made.body);
    expect((await postInteraction(altered, made.headers)).status).toBe(401);
    // One byte more (a trailing space) is another body too.
    expect((await postInteraction(`${made.body} `, made.headers)).status).toBe(401);
    expect(await hitsOf(person.id)).toBe(0);
  });

  it("refuses an old timestamp (a replay) and one from the future, five minutes either way", async () => {
    const person = discordPerson("Replayer");
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 6 * 60, now + 6 * 60]) {
      const made = await signed({ kind: "command", user: person, ...newServer(), command: { name: "lfg" }, timestamp });
      expect((await postInteraction(made.body, made.headers)).status).toBe(401);
    }
    expect(await hitsOf(person.id)).toBe(0);
    expect(
      logLines()
        .filter((l) => l.message === "Discord interaction refused")
        .map((l) => l.reason),
    ).toEqual(["stale", "stale"]);
    const recent = await signed({ kind: "command", user: person, ...newServer(), command: { name: "lfg" }, timestamp: now - 4 * 60 });
    expect((await postInteraction(recent.body, recent.headers)).status).toBe(200);
  });

  it("refuses a request without either header, or with one that is not hex", async () => {
    const made = await ping();
    const without = (name: string) => Object.fromEntries(Object.entries(made.headers).filter(([k]) => k !== name));
    expect((await postInteraction(made.body, without("X-Signature-Ed25519"))).status).toBe(401);
    expect((await postInteraction(made.body, without("X-Signature-Timestamp"))).status).toBe(401);
    expect((await postInteraction(made.body, { "Content-Type": "application/json" })).status).toBe(401);
    expect((await postInteraction(made.body, { ...made.headers, "X-Signature-Ed25519": "zz".repeat(64) })).status).toBe(401);
    expect((await postInteraction(made.body, { ...made.headers, "X-Signature-Timestamp": "soon" })).status).toBe(401);
    expect(
      logLines()
        .filter((l) => l.message === "Discord interaction refused")
        .map((l) => l.reason),
    ).toEqual(["missing", "missing", "missing", "malformed", "malformed"]);
  });

  it("answers a signed body that is not an interaction with 400", async () => {
    for (const body of ["not json", JSON.stringify({ type: 9, id: "1" }), JSON.stringify({ type: 2, id: "1" })]) {
      expect((await postInteraction(body, await signedBody(body))).status).toBe(400);
    }
  });

  it("needs no cookie or Origin, and ignores a cookie that comes along", async () => {
    const made = await ping();
    const res = await postInteraction(made.body, { ...made.headers, Cookie: "realmcast_session=whatever", Origin: "https://evil.example" });
    expect(res.status).toBe(200);
  });
});

describe("without the app's secrets", () => {
  const saved = {
    DISCORD_APPLICATION_ID: env.DISCORD_APPLICATION_ID,
    DISCORD_PUBLIC_KEY: env.DISCORD_PUBLIC_KEY,
    DISCORD_BOT_TOKEN: env.DISCORD_BOT_TOKEN,
  };
  afterEach(() => Object.assign(env, saved));

  it("answers 404 whichever is missing, and /api/health says the app is off", async () => {
    for (const name of Object.keys(saved) as (keyof typeof saved)[]) {
      Object.assign(env, saved);
      delete (env as unknown as Record<string, unknown>)[name];
      const made = await ping();
      expect((await postInteraction(made.body, made.headers)).status, name).toBe(404);
    }
    const health = await (await request("/api/health")).json<any>();
    expect(health.services.discordInteractions.configured).toBe(false);
    Object.assign(env, saved);
    const on = await (await request("/api/health")).json<any>();
    expect(on.services.discordInteractions).toEqual({ configured: true });
  });
});

/** Signs an arbitrary body with the application's key, through the fake (which keeps the private key). */
async function signedBody(body: string): Promise<Record<string, string>> {
  const res = await fetch(`${fakeDiscord.url}/__fake/sign`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ body }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

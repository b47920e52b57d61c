import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../workers/app";
import { describe, expect, it } from "vitest";
import { consoleLines } from "./console-capture";
import { MAX_TOKENS_PER_MEMBER } from "../workers/contract/access-tokens";
import { hashToken } from "../workers/domain/access/access-token-rules";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request, signUp, type Member } from "./helpers";

const roomBody = { maxPlayers: 4, communityId: "scry-gather", gameData: { name: "Bot table", format: "modern", powerLevel: "focused" } };
type Scopes = string[];

async function createToken(member: Member, scopes: Scopes, extra: Record<string, unknown> = {}) {
  const res = await request("/api/tokens", { cookie: member.cookie, body: { name: "Lobby bot", scopes, ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

/** A request as a bot sends it: the token, no cookie, no Origin. */
const withToken = (token: string, path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  request(path, { ...options, origin: null, headers: { Authorization: `Bearer ${token}`, ...options.headers } });

/** Everything written to the console during a test (every log line, all levels), to prove no token is ever logged. */
const logged = () => {
  const lines = consoleLines();
  // The proof means something only if the requests were logged at all: each writes its access line.
  expect(lines.some((line) => line.includes('"message":"request"'))).toBe(true);
  return lines;
};

describe("personal access tokens: management", () => {
  it("puts the member's tokens in their data export, without the token or its hash", async () => {
    const alice = await signUp("Alice");
    const created = await createToken(alice, ["rooms:read", "results:read"]);
    const res = await request("/api/user/export-data", { method: "POST", cookie: alice.cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const { token: _secret, ...listed } = created;
    expect(JSON.parse(text).apiTokens).toEqual([{ ...listed, webhookUrl: null }]);
    const row = await env.DB.prepare("SELECT token_hash FROM access_tokens WHERE id = ?").bind(created.id).first<{ token_hash: string }>();
    expect(text).not.toContain(created.token.slice(13));
    expect(text).not.toContain(row!.token_hash);
    // Another member's export has none of them.
    const bob = await signUp("Bob");
    expect((await json(await request("/api/user/export-data", { method: "POST", cookie: bob.cookie }))).apiTokens).toEqual([]);
  });

  it("shows a new token once, stores only its hash, and lists it without the secret", async () => {
    const alice = await signUp("Alice");
    const created = await createToken(alice, ["rooms:read", "rooms:write"], { expiresInDays: 30 });
    expect(created.token).toMatch(/^rc_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 13));
    expect(created.scopes).toEqual(["rooms:read", "rooms:write"]);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(30 * 86_400_000);
    expect(created.lastUsedAt).toBeNull();

    const row = await env.DB.prepare("SELECT * FROM access_tokens WHERE id = ?").bind(created.id).first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(13));

    const list = await request("/api/tokens", { cookie: alice.cookie });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(created.token.slice(13));
    const { token: _secret, ...listed } = created;
    expect(JSON.parse(text)).toEqual([listed]);
    // Nobody else sees or revokes it.
    const bob = await signUp("Bob");
    expect(await json(await request("/api/tokens", { cookie: bob.cookie }))).toEqual([]);
    expect((await request(`/api/tokens/${created.id}`, { method: "DELETE", cookie: bob.cookie })).status).toBe(404);
    expect(logged().join("\n")).not.toContain(created.token);
  });

  it("refuses bad bodies with 400 and issues, and visitors with 401", async () => {
    const alice = await signUp("Alice");
    for (const body of [
      {},
      { name: "", scopes: ["rooms:read"] },
      { name: "Bot", scopes: [] },
      { name: "Bot", scopes: ["admin"] },
      { name: "Bot", scopes: ["rooms:read", "rooms:read"] },
      { name: "Bot", scopes: ["rooms:read"], expiresInDays: 7 },
      { name: "x".repeat(61), scopes: ["rooms:read"] },
      { name: "Bot", scopes: ["rooms:read"], extra: true },
    ]) {
      const res = await request("/api/tokens", { cookie: alice.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await json(res);
      expect(answer.message).toBe("Invalid request body");
      expect(answer.issues.length).toBeGreaterThan(0);
    }
    expect((await request("/api/tokens", { body: { name: "Bot", scopes: ["rooms:read"] } })).status).toBe(401);
    expect((await request("/api/tokens")).status).toBe(401);
  });

  it(`caps a member at ${MAX_TOKENS_PER_MEMBER} tokens`, async () => {
    const alice = await signUp("Alice");
    const now = Date.now();
    const inserts = Array.from({ length: MAX_TOKENS_PER_MEMBER }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO access_tokens (id, user_id, name, token_hash, prefix, scopes, created_at) VALUES (?, ?, ?, ?, 'rc_pat_abcdef', '[\"rooms:read\"]', ?)",
      ).bind(crypto.randomUUID(), alice.id, `Seeded ${i}`, crypto.randomUUID(), now - i),
    );
    await env.DB.batch(inserts);
    const res = await request("/api/tokens", { cookie: alice.cookie, body: { name: "One too many", scopes: ["rooms:read"] } });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toMatch(/at most 20 API tokens/);
    expect(await json(await request("/api/tokens", { cookie: alice.cookie }))).toHaveLength(MAX_TOKENS_PER_MEMBER);
  });

  it("rate-limits creating tokens", async () => {
    const alice = await signUp("Alice");
    const { limit } = RATE_LIMITS.accessTokenCreate;
    for (let i = 0; i < limit; i++) await createToken(alice, ["rooms:read"]);
    const res = await request("/api/tokens", { cookie: alice.cookie, body: { name: "Again", scopes: ["rooms:read"] } });
    expect(res.status).toBe(429);
    expect((await json(res)).message).toMatch(/^You can create at most 10 API tokens an hour\./);
  });

  it("deletes a member's tokens with their account", async () => {
    const alice = await signUp("Alice");
    const created = await createToken(alice, ["rooms:read"]);
    expect((await request("/api/user/account", { method: "DELETE", cookie: alice.cookie })).status).toBe(204);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM access_tokens WHERE user_id = ?").bind(alice.id).first("n")).toBe(0);
    expect((await withToken(created.token, "/api/game-sessions")).status).toBe(401);
  });
});

describe("personal access tokens: use on /api", () => {
  it("acts as the member on a route its scopes allow, and records last use", async () => {
    const alice = await signUp("Alice");
    const { token, id } = await createToken(alice, ["rooms:read", "rooms:write"]);
    const res = await withToken(token, "/api/game-sessions", { body: roomBody });
    expect(res.status, await res.clone().text()).toBe(201);
    const room = await json(res);
    expect(room.hostId).toBe(alice.id);
    // The token's lookup and its counter are two of the request's five D1 round trips at most.
    expect(Number(/"(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "")?.[1])).toBeLessThanOrEqual(5);
    const read = await withToken(token, `/api/game-sessions/${room.id}`);
    expect(read.status).toBe(200);
    const listed = await json(await request("/api/tokens", { cookie: alice.cookie }));
    expect(listed.find((t: { id: string }) => t.id === id).lastUsedAt).not.toBeNull();
    expect(logged().join("\n")).not.toContain(token);
  });

  it("refuses routes outside its scopes, token management, account deletion and pages (403)", async () => {
    const alice = await signUp("Alice");
    const { token } = await createToken(alice, ["rooms:read"]);
    const missing = await withToken(token, "/api/game-sessions", { body: roomBody });
    expect(missing.status).toBe(403);
    expect((await json(missing)).message).toBe("This token does not have the rooms:write scope");
    expect((await withToken(token, "/api/events")).status).toBe(403);

    const refusedEverywhere = [
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens"],
      ["DELETE", "/api/tokens/whatever"],
      ["DELETE", "/api/user/account"],
      ["GET", "/api/user/settings"],
      ["GET", "/api/auth/user"],
      ["POST", "/api/logout"],
      ["GET", "/api/events/feed-url"],
      ["GET", "/api/no-such-route"],
      ["GET", "/settings"],
      ["POST", "/settings"],
      ["GET", "/ws"],
      ["GET", "/"],
    ] as const;
    for (const [method, path] of refusedEverywhere) {
      const body = method === "POST" ? { name: "Escalate", scopes: ["rooms:write"] } : undefined;
      const res = await withToken(token, path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await json(res), `${method} ${path}`).toEqual({ message: "This route does not accept API tokens" });
    }
    // The account is still there.
    expect((await request("/api/auth/user", { cookie: alice.cookie })).status).toBe(200);
  });

  it("answers 401 at once to a revoked, expired, unknown or malformed token", async () => {
    const alice = await signUp("Alice");
    const { token, id } = await createToken(alice, ["rooms:read"]);
    expect((await withToken(token, "/api/game-sessions")).status).toBe(200);
    expect((await request(`/api/tokens/${id}`, { method: "DELETE", cookie: alice.cookie })).status).toBe(204);
    const revoked = await withToken(token, "/api/game-sessions");
    expect(revoked.status).toBe(401);
    expect((await json(revoked)).message).toBe("Invalid, expired or revoked API token");

    const expiring = await createToken(alice, ["rooms:read"], { expiresInDays: 30 });
    expect((await withToken(expiring.token, "/api/game-sessions")).status).toBe(200);
    await env.DB.prepare("UPDATE access_tokens SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expiring.id)
      .run();
    expect((await withToken(expiring.token, "/api/game-sessions")).status).toBe(401);

    expect((await withToken(`rc_pat_${"A".repeat(43)}`, "/api/game-sessions")).status).toBe(401);
    expect((await withToken("not-a-token", "/api/game-sessions")).status).toBe(401);
    const basic = await request("/api/game-sessions", { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(basic.status).toBe(401);
  });

  it("refuses a token from another site's page (403) and a token beside a session cookie (400)", async () => {
    const alice = await signUp("Alice");
    const { token } = await createToken(alice, ["rooms:read", "rooms:write"]);
    const foreignRead = await withToken(token, "/api/game-sessions", { headers: { Origin: "https://evil.example" } });
    expect(foreignRead.status).toBe(403);
    const foreignWrite = await withToken(token, "/api/game-sessions", { body: roomBody, headers: { Origin: "https://evil.example" } });
    expect(foreignWrite.status).toBe(403);
    expect((await withToken(token, "/api/game-sessions", { headers: { Origin: "http://localhost" } })).status).toBe(200);
    const both = await request("/api/game-sessions", { cookie: alice.cookie, headers: { Authorization: `Bearer ${token}` } });
    expect(both.status).toBe(400);
    expect((await json(both)).message).toBe("Send either a session cookie or an API token, not both");
    // No room was created by the refused write.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM game_sessions WHERE host_id = ?").bind(alice.id).first("n")).toBe(0);
  });

  it("counts every token of one member against one budget: three tokens give no more than one (429 with the usual message)", async () => {
    const alice = await signUp("Alice");
    const tokens = await Promise.all([1, 2, 3].map(() => createToken(alice, ["rooms:read"])));
    const { limit } = RATE_LIMITS.accessTokenUse;
    // The window is counted in D1, per member: start it one hit short of the limit instead of sending 120 requests.
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`accessTokenUse:${alice.id}`, Date.now(), limit - 1)
      .run();
    expect((await withToken(tokens[0].token, "/api/game-sessions")).status).toBe(200);
    for (const { token } of tokens) {
      const over = await withToken(token, "/api/game-sessions");
      expect(over.status).toBe(429);
      expect(over.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect((await json(over)).message).toMatch(/^You can make at most 120 requests with your API tokens a minute\. Please try again in/);
    }
    // A new token of the same member shares the spent budget; another member's tokens have their own.
    expect((await withToken((await createToken(alice, ["rooms:read"])).token, "/api/game-sessions")).status).toBe(429);
    const bob = await signUp("Bob");
    expect((await withToken((await createToken(bob, ["rooms:read"])).token, "/api/game-sessions")).status).toBe(200);
    for (const { token } of tokens) expect(logged().join("\n")).not.toContain(token);
  });
});

describe("housekeeping", () => {
  it("deletes tokens 30 days after they expired, and keeps the rest listed", async () => {
    const alice = await signUp("Alice");
    const now = Date.now();
    const day = 86_400_000;
    const old = await createToken(alice, ["rooms:read"], { expiresInDays: 30 });
    const recent = await createToken(alice, ["rooms:read"], { expiresInDays: 30 });
    const forever = await createToken(alice, ["rooms:read"]);
    await env.DB.prepare("UPDATE access_tokens SET expires_at = ? WHERE id = ?")
      .bind(now - 31 * day, old.id)
      .run();
    await env.DB.prepare("UPDATE access_tokens SET expires_at = ? WHERE id = ?")
      .bind(now - 29 * day, recent.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = (await json(await request("/api/tokens", { cookie: alice.cookie }))).map((t: { id: string }) => t.id);
    expect(left.sort()).toEqual([recent.id, forever.id].sort());
  });
});

describe("help centre: Build a bot", () => {
  it("walks through a token and curl with a placeholder, linked from the help centre", async () => {
    const res = await request("/help-center/build-a-bot");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Build a bot");
    expect(html).toContain("Authorization: Bearer rc_pat_YOUR_TOKEN");
    expect(html).toContain("http://localhost/api/game-sessions?status=waiting&amp;communityId=scry-gather");
    expect(html).toContain("curl -X POST");
    expect(html).toContain("results:read");
    expect(await (await request("/help-center")).text()).toContain('href="/help-center/build-a-bot"');
  });
});

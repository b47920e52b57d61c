import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import { verifyWebhookSignature } from "../scripts/fakes/webhook-signature.mjs";
import { webhookPayload } from "../workers/contract/webhooks";
import { getDb } from "../workers/db/client";
import { setWebhook } from "../workers/domain/webhooks/webhooks";
import { MAX_WEBHOOK_ATTEMPTS } from "../workers/domain/webhooks/webhook-rules";
import { allowBotToSeat } from "./bot-helpers";
import { json, request, signUp, type Member } from "./helpers";
import { actionResult, submitJson } from "./single-fetch";

/** Issue 27 webhooks: deliveries to a receiver on 127.0.0.1 (scripts/fakes/webhook-receiver.mjs, test/global-setup.ts). */
const receiver = inject("webhookReceiver");

type Received = { path: string; headers: Record<string, string>; rawBody: string; answered: number };

const received = async (path: string): Promise<Received[]> =>
  json(await fetch(`${receiver.url}/__fake/requests?path=${encodeURIComponent(path)}`));
const failNext = async (path: string, count: number) =>
  expect((await fetch(`${receiver.url}/__fake/fail?path=${encodeURIComponent(path)}&count=${count}`, { method: "POST" })).status).toBe(200);

const asBot = (token: string, path: string, body?: unknown) =>
  request(path, { body, origin: null, headers: { Authorization: `Bearer ${token}` } });

/** A member with a token whose webhook points at a path of the receiver of its own, and two members to invite. */
async function botWithWebhook() {
  const [owner, host, guest] = await Promise.all(["Owner", "Host", "Guest"].map((n) => signUp(`Hook${n}`)));
  const created = await json(
    await request("/api/tokens", { cookie: owner.cookie, body: { name: "Hook bot", scopes: ["rooms:read", "rooms:write"] } }),
  );
  const path = `/hooks/${crypto.randomUUID()}`;
  const set = await request(`/api/tokens/${created.id}/webhook`, {
    cookie: owner.cookie,
    method: "PUT",
    body: { url: `${receiver.url}${path}` },
  });
  expect(set.status, await set.clone().text()).toBe(200);
  const { secret, url } = await json(set);
  expect(url).toBe(`${receiver.url}${path}`);
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  // The bot makes `host` the host of its rooms: that takes the host's consent (issue 35).
  await allowBotToSeat(created.token, owner, host);
  return { owner, host, guest, token: created.token as string, tokenId: created.id as string, path, secret: secret as string };
}

/** The bot creates a room for `host` and `guest`; the host starts it. */
async function botRoomStarted(bot: { token: string; host: Member; guest: Member }) {
  const res = await asBot(bot.token, "/api/game-sessions", {
    maxPlayers: 4,
    communityId: "scry-gather",
    gameData: { name: "Hooked pod", format: "commander", bracket: 3 },
    invitedMemberIds: [bot.host.id, bot.guest.id],
  });
  expect(res.status).toBe(201);
  const room = await json(res);
  expect((await request(`/api/game-sessions/${room.id}/join`, { cookie: bot.guest.cookie, method: "POST" })).status).toBe(200);
  const started = await request(`/api/game-sessions/${room.id}/start`, { cookie: bot.host.cookie, method: "POST" });
  expect(started.status).toBe(200);
  return room as { id: string };
}

const deliveries = async (owner: Member, tokenId: string) => {
  const res = await request(`/api/tokens/${tokenId}/webhook/deliveries`, { cookie: owner.cookie });
  expect(res.status).toBe(200);
  return json(res);
};

const waitOptions = { timeout: 15_000, interval: 100 };

describe("webhooks", () => {
  it("delivers a signed room.started to the token's webhook when the host starts the bot's room", async () => {
    const bot = await botWithWebhook();
    const room = await botRoomStarted(bot);
    const [hit] = await vi.waitFor(async () => {
      const got = await received(bot.path);
      expect(got).toHaveLength(1);
      return got;
    }, waitOptions);
    expect(hit.headers["x-realmcast-event"]).toBe("room.started");
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(verifyWebhookSignature({ secret: bot.secret, headers: hit.headers, rawBody: hit.rawBody })).toBe(true);
    // Another secret, or a body changed on the way, does not verify.
    expect(verifyWebhookSignature({ secret: "whsec_other", headers: hit.headers, rawBody: hit.rawBody })).toBe(false);
    expect(verifyWebhookSignature({ secret: bot.secret, headers: hit.headers, rawBody: hit.rawBody.replace("Hooked", "Hacked") })).toBe(
      false,
    );
    const payload = webhookPayload.parse(JSON.parse(hit.rawBody));
    expect(payload).toMatchObject({
      id: hit.headers["x-realmcast-delivery"],
      event: "room.started",
      room: { id: room.id, status: "active", hostId: bot.host.id, roomUrl: `http://localhost/tablesync/room/${room.id}` },
      result: null,
    });

    await vi.waitFor(async () => {
      const [delivery] = await deliveries(bot.owner, bot.tokenId);
      expect(delivery).toMatchObject({
        id: payload.id,
        event: "room.started",
        sessionId: room.id,
        status: "delivered",
        attempts: 1,
        lastStatusCode: 204,
      });
    }, waitOptions);
    // The body is stored exactly as sent.
    const row = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE id = ?").bind(payload.id).first();
    expect(row?.payload).toBe(hit.rawBody);
  });

  it("retries after the receiver answers 500, with the same delivery id, until it is delivered", async () => {
    const bot = await botWithWebhook();
    await failNext(bot.path, 2);
    await botRoomStarted(bot);
    const got = await vi.waitFor(async () => {
      const all = await received(bot.path);
      expect(all.map((r) => r.answered)).toEqual([500, 500, 204]);
      return all;
    }, waitOptions);
    expect(new Set(got.map((r) => r.headers["x-realmcast-delivery"])).size).toBe(1);
    for (const hit of got) expect(verifyWebhookSignature({ secret: bot.secret, headers: hit.headers, rawBody: hit.rawBody })).toBe(true);
    await vi.waitFor(async () => {
      expect((await deliveries(bot.owner, bot.tokenId))[0]).toMatchObject({
        status: "delivered",
        attempts: 3,
        lastStatusCode: 204,
        lastError: null,
      });
    }, waitOptions);
  });

  it(`marks a delivery failed after ${MAX_WEBHOOK_ATTEMPTS} failed attempts`, async () => {
    const bot = await botWithWebhook();
    await failNext(bot.path, 100);
    await botRoomStarted(bot);
    await vi.waitFor(async () => {
      expect((await deliveries(bot.owner, bot.tokenId))[0]).toMatchObject({
        status: "failed",
        attempts: MAX_WEBHOOK_ATTEMPTS,
        lastStatusCode: 500,
        lastError: "The receiver answered HTTP 500",
      });
    }, waitOptions);
    expect(await received(bot.path)).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
  });

  it("sends nothing for a room made without a token, or with a token that has no webhook", async () => {
    const bot = await botWithWebhook();
    expect((await request(`/api/tokens/${bot.tokenId}/webhook`, { cookie: bot.owner.cookie, method: "DELETE" })).status).toBe(204);
    await botRoomStarted(bot);
    const mine = await json(
      await request("/api/game-sessions", {
        cookie: bot.owner.cookie,
        body: { maxPlayers: 2, communityId: "scry-gather", gameData: { name: "Plain", format: "modern" } },
      }),
    );
    expect((await request(`/api/game-sessions/${mine.id}/start`, { cookie: bot.owner.cookie, method: "POST" })).status).toBe(200);
    expect(await deliveries(bot.owner, bot.tokenId)).toEqual([]);
    const listed = await json(await request("/api/tokens", { cookie: bot.owner.cookie }));
    expect(listed[0].webhookUrl).toBeNull();
  });

  it("is managed with the session cookie only, by the token's owner only", async () => {
    const bot = await botWithWebhook();
    const byToken = await request(`/api/tokens/${bot.tokenId}/webhook`, {
      method: "PUT",
      body: { url: "https://bot.example.com/hook" },
      origin: null,
      headers: { Authorization: `Bearer ${bot.token}` },
    });
    expect(byToken.status).toBe(403);
    const readByToken = await request(`/api/tokens/${bot.tokenId}/webhook/deliveries`, {
      origin: null,
      headers: { Authorization: `Bearer ${bot.token}` },
    });
    expect(readByToken.status).toBe(403);
    const stranger = await signUp("HookStranger");
    expect(
      (
        await request(`/api/tokens/${bot.tokenId}/webhook`, {
          cookie: stranger.cookie,
          method: "PUT",
          body: { url: "https://bot.example.com/x" },
        })
      ).status,
    ).toBe(404);
    expect((await request(`/api/tokens/${bot.tokenId}/webhook/deliveries`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await request(`/api/tokens/${bot.tokenId}/webhook`, { cookie: stranger.cookie, method: "DELETE" })).status).toBe(404);
    // The list shows the URL, never the secret.
    const listed = await (await request("/api/tokens", { cookie: bot.owner.cookie })).text();
    expect(listed).toContain(bot.path);
    expect(listed).not.toContain(bot.secret);
    const bad = await request(`/api/tokens/${bot.tokenId}/webhook`, {
      cookie: bot.owner.cookie,
      method: "PUT",
      body: { url: "ftp://bot.example.com/" },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).issues[0].path).toEqual(["url"]);
  });

  it("stores the URL as parsed and serialised again: what settings, the token list and the export show", async () => {
    const bot = await botWithWebhook();
    const hook = `/hooks/${crypto.randomUUID()}`;
    const sent = `${receiver.url.replace("http://", "HTTP://")}/a/..${hook}?x=1`;
    const stored = `${receiver.url}${hook}?x=1`;
    const set = await request(`/api/tokens/${bot.tokenId}/webhook`, { cookie: bot.owner.cookie, method: "PUT", body: { url: sent } });
    expect(set.status).toBe(200);
    expect((await json(set)).url).toBe(stored);
    // Settings saves through its action: the same rule, the same stored form.
    const viaSettings = await actionResult(
      await submitJson("/settings", bot.owner, { intent: "setWebhook", id: bot.tokenId, webhook: { url: sent } }),
    );
    expect(viaSettings.data).toMatchObject({ ok: true, webhook: { url: stored } });
    const listed = await json(await request("/api/tokens", { cookie: bot.owner.cookie }));
    expect(listed.find((t: { id: string }) => t.id === bot.tokenId).webhookUrl).toBe(stored);
    const exported = await (await request("/api/user/export-data", { method: "POST", cookie: bot.owner.cookie })).text();
    expect(exported).toContain(JSON.stringify(stored));
    expect(exported).not.toContain("/a/..");
  });

  it("refuses a URL with line breaks or other control characters with a 400 beside the field, and keeps the one stored", async () => {
    const bot = await botWithWebhook();
    const before = `${receiver.url}${bot.path}`;
    const message = "The address cannot contain line breaks, tabs or other control characters";
    for (const url of [
      `${receiver.url}/hook\r\nX-Injected: 1`,
      `${receiver.url}/ho\nok`,
      `${receiver.url}/ho\tok`,
      `${receiver.url}/\u0000`,
    ]) {
      const api = await request(`/api/tokens/${bot.tokenId}/webhook`, { cookie: bot.owner.cookie, method: "PUT", body: { url } });
      expect(api.status, JSON.stringify(url)).toBe(400);
      expect((await json(api)).issues).toEqual([expect.objectContaining({ path: ["url"], message })]);
      const page = await submitJson("/settings", bot.owner, { intent: "setWebhook", id: bot.tokenId, webhook: { url } });
      expect(page.status).toBe(400);
      expect((await actionResult(page)).data).toMatchObject({ ok: false, message, fieldErrors: { url: [message] } });
    }
    const listed = await json(await request("/api/tokens", { cookie: bot.owner.cookie }));
    expect(listed.find((t: { id: string }) => t.id === bot.tokenId).webhookUrl).toBe(before);
  });

  it("refuses http and private addresses where WEBHOOK_ALLOW_PRIVATE_URLS is not 'true' (production)", async () => {
    const bot = await botWithWebhook();
    const production = { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "false" };
    for (const url of [
      `${receiver.url}/x`,
      "https://127.0.0.1/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://localhost/x",
      "https://localhost../x",
      "https://127.0.0.1../x",
      "https://[::ffff:0:7f00:1]/x",
      "https://[2002:a9fe:a9fe::]/x",
      "https://bot.example.com:22/x",
      "https://bot.example.com:0/x",
      "http://bot.example.com/x",
    ]) {
      await expect(setWebhook(production, getDb(env.DB), bot.owner.id, bot.tokenId, { url }), url).rejects.toMatchObject({
        kind: "invalid",
      });
    }
    await expect(
      setWebhook(production, getDb(env.DB), bot.owner.id, bot.tokenId, { url: "https://bot.example.com/hook" }),
    ).resolves.toMatchObject({
      url: "https://bot.example.com/hook",
    });
  });
});

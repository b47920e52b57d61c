/**
 * Over 300 lines: one fake of one outside service (Discord's REST API as the Discord app calls it, and Discord's
 * side of interactions: signing them, sending them, applying the answers), with its test controls beside what they
 * control.
 */
// A stand-in for Discord on localhost (issue 39), for the Worker tests, the browser tests and `npm start`; nothing
// reaches discord.com. It speaks the documented shapes ("Interactions: Receiving and Responding", "Message",
// "Application Commands", "Rate Limits"):
//   REST under /api/v10: POST /channels/{channel.id}/messages and PATCH …/messages/{message.id} (bot token),
//   POST /webhooks/{application.id}/{interaction.token} (a follow-up), GET and PATCH …/messages/@original, and the
//   bulk overwrite PUT /applications/{application.id}/commands (or …/guilds/{guild.id}/commands). Every answer
//   carries X-RateLimit-* headers for a bucket of 5 calls a second per route and channel (or webhook); past it, a
//   429 with `retry_after`, as Discord answers a client that ignored the headers.
//   Interactions: it holds an application key pair (Ed25519) and signs the interactions it builds as Discord does
//   (X-Signature-Ed25519 over X-Signature-Timestamp + body). It either sends them to the Worker's interactions
//   endpoint and applies the answer to its channels (a member pressing a button), or hands them to a test that sends
//   them itself and reports the answer back.
// Control (JSON): POST /__fake/interactions builds, signs and (with `deliver`) sends one; POST /__fake/sign signs
// any body; POST
// /__fake/interactions/{id}/response reports the Worker's answer; GET /__fake/channels/{id}/messages; GET
// /__fake/requests?channel=; GET /__fake/commands; POST /__fake/answer {method, route, status, count, body?, headers?}
// makes the next `count` matching calls answer that way (a 429, a 403, a 500); GET / shows the channels in a page.
import { createServer } from "node:http";
import {
  generateDiscordKeyPair,
  interactionPayload,
  messageBodyProblems,
  pingedUsers,
  signInteraction,
  snowflake,
} from "./discord-shapes.mjs";
import { viewerPage } from "./discord-viewer.mjs";

export { generateDiscordKeyPair, MANAGER_PERMISSIONS, MEMBER_PERMISSIONS } from "./discord-shapes.mjs";

export const FAKE_DISCORD_APPLICATION_ID = "1180000000000000001";
export const FAKE_DISCORD_BOT_TOKEN = "fake-discord-bot-token";
const BUCKET_SIZE = 5;
const BUCKET_MS = 1000;
/** Interaction tokens last 15 minutes (Discord: "Interactions: Receiving and Responding"). */
const TOKEN_LIFETIME_MS = 15 * 60_000;

const ROUTES = [
  ["POST", /^\/channels\/(\d+)\/messages$/, "/channels/{channel.id}/messages"],
  ["PATCH", /^\/channels\/(\d+)\/messages\/(\d+)$/, "/channels/{channel.id}/messages/{message.id}"],
  ["POST", /^\/webhooks\/(\d+)\/([^/]+)$/, "/webhooks/{application.id}/{interaction.token}"],
  ["GET", /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/, "/webhooks/{application.id}/{interaction.token}/messages/@original"],
  ["PATCH", /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/, "/webhooks/{application.id}/{interaction.token}/messages/@original"],
  ["PUT", /^\/applications\/(\d+)\/commands$/, "/applications/{application.id}/commands"],
  ["PUT", /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/, "/applications/{application.id}/guilds/{guild.id}/commands"],
];

/**
 * Starts the fake on 127.0.0.1 (`port` 0: a free one). `keys` (from generateDiscordKeyPair) when the Worker was
 * given the public key before the fake started; `interactionsUrl`, where `deliver` sends interactions (settable later).
 */
export async function startFakeDiscord({ port = 0, keys, interactionsUrl = null } = {}) {
  const keyPair = keys ?? (await generateDiscordKeyPair());
  const applicationId = FAKE_DISCORD_APPLICATION_ID;
  const botToken = FAKE_DISCORD_BOT_TOKEN;
  const state = {
    interactionsUrl,
    /** channel id → its messages, oldest first. */
    channels: new Map(),
    messages: new Map(),
    /** interaction id → { interaction, original message id, when it was made }. */
    interactions: new Map(),
    byToken: new Map(),
    requests: [],
    buckets: new Map(),
    answers: [],
    commands: { global: [], guilds: new Map() },
  };

  const author = { id: applicationId, username: "Realmcast", bot: true, discriminator: "0", avatar: null };
  function createMessage(channelId, body, extra = {}) {
    const message = {
      id: snowflake(),
      channel_id: channelId,
      type: extra.interaction ? 20 : 0,
      author,
      content: body.content ?? "",
      components: body.components ?? [],
      embeds: [],
      flags: body.flags ?? 0,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      pinged: pingedUsers(body),
      ...extra,
    };
    if (!state.channels.has(channelId)) state.channels.set(channelId, []);
    state.channels.get(channelId).push(message);
    state.messages.set(message.id, message);
    return message;
  }
  function editMessage(message, body) {
    if (body.content !== undefined) message.content = body.content;
    if (body.components !== undefined) message.components = body.components;
    message.edited_timestamp = new Date().toISOString();
    // An edit pings nobody (Discord notifies on new messages only), whatever its allowed_mentions say.
    return message;
  }
  const publicMessage = ({ pinged: _pinged, interaction: _interaction, ...message }) => message;

  /** Applies the Worker's answer to an interaction, as Discord does. */
  function applyResponse(record, response) {
    const { interaction } = record;
    record.response = response;
    const data = response?.data ?? {};
    switch (response?.type) {
      case 4:
        record.original = createMessage(interaction.channel_id, data, {
          interaction: { id: interaction.id, user: interaction.member.user.id },
        }).id;
        break;
      case 5:
        record.original ??= createMessage(
          interaction.channel_id,
          { content: "", flags: data.flags ?? 0 },
          { loading: true, interaction: { id: interaction.id, user: interaction.member.user.id } },
        ).id;
        break;
      case 7: {
        const message = state.messages.get(interaction.message?.id);
        if (message) editMessage(message, data);
        break;
      }
    }
  }

  /** Builds, signs and (with `deliver`) sends an interaction. */
  async function makeInteraction(spec) {
    const message = spec.message_id ? state.messages.get(spec.message_id) : undefined;
    const interaction = interactionPayload({
      ...spec,
      applicationId,
      message:
        spec.kind === "button" ? (message ? publicMessage(message) : { id: spec.message_id, channel_id: spec.channel_id }) : undefined,
    });
    const record = { interaction, original: spec.kind === "button" ? (spec.message_id ?? null) : null, at: Date.now(), response: null };
    state.interactions.set(interaction.id, record);
    state.byToken.set(interaction.token, record);
    const body = JSON.stringify(interaction);
    const timestamp = String(spec.timestamp ?? Math.floor(Date.now() / 1000));
    const signer = spec.wrong_key ? (await generateDiscordKeyPair()).privateKeyPkcs8 : keyPair.privateKeyPkcs8;
    const headers = {
      "Content-Type": "application/json",
      "User-Agent": "Discord-Interactions/1.0 (+https://discord.com)",
      "X-Signature-Ed25519": await signInteraction(signer, timestamp, body),
      "X-Signature-Timestamp": timestamp,
    };
    if (!spec.deliver) return { interaction, body, headers };
    if (!state.interactionsUrl) throw new Error("The fake Discord has no interactions endpoint to send to");
    const started = Date.now();
    const res = await fetch(state.interactionsUrl, { method: "POST", headers, body });
    const answer = {
      status: res.status,
      body: res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text(),
      ms: Date.now() - started,
    };
    if (res.ok) applyResponse(record, answer.body);
    return { interaction, body, headers, response: answer };
  }

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status, json, headers = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(json === undefined ? "" : JSON.stringify(json));
    };
    let body = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return send(400, { message: "400: Bad Request", code: 50109 });
    }
    try {
      if (url.pathname.startsWith("/api/v10/"))
        return api(req.method ?? "GET", url.pathname.slice("/api/v10".length), req.headers, body, send);
      return await control(req.method ?? "GET", url, body, send, res);
    } catch (error) {
      return send(500, { message: String(error?.message ?? error) });
    }
  });

  /** Discord's REST API. */
  function api(method, path, headers, body, send) {
    const route = ROUTES.find(([m, pattern]) => m === method && pattern.test(path));
    if (!route) return send(404, { message: "404: Not Found", code: 0 });
    const params = route[1].exec(path).slice(1);
    const template = route[2];
    const channel = template.startsWith("/channels") ? params[0] : null;
    const major = channel ?? (template.startsWith("/webhooks") ? `webhook:${params[1]}` : `app:${params[0]}`);
    const logged = { method, route: template, channel, body, at: Date.now(), status: 0 };
    state.requests.push(logged);
    const reply = (status, json, extra = {}) => {
      logged.status = status;
      return send(status, json, extra);
    };
    // Told to answer this way (a test's 429, 403 or 500).
    const told = state.answers.find((a) => a.method === method && a.route === template && a.count > 0);
    if (told) {
      told.count -= 1;
      return reply(told.status, told.body ?? { message: `${told.status}`, code: 0 }, told.headers ?? {});
    }
    // The bucket: BUCKET_SIZE calls per BUCKET_MS per route and top-level resource.
    const key = `${method} ${template} ${major}`;
    const now = Date.now();
    let bucket = state.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) bucket = { used: 0, resetAt: now + BUCKET_MS };
    state.buckets.set(key, bucket);
    const resetAfter = Math.max(0, (bucket.resetAt - now) / 1000);
    const limitHeaders = (remaining) => ({
      "X-RateLimit-Limit": String(BUCKET_SIZE),
      "X-RateLimit-Remaining": String(remaining),
      "X-RateLimit-Reset": (bucket.resetAt / 1000).toFixed(3),
      "X-RateLimit-Reset-After": resetAfter.toFixed(3),
      "X-RateLimit-Bucket": Buffer.from(`${method} ${template}`).toString("hex").slice(0, 32),
    });
    if (bucket.used >= BUCKET_SIZE) {
      return reply(
        429,
        { message: "You are being rate limited.", retry_after: resetAfter, global: false },
        { ...limitHeaders(0), "Retry-After": String(Math.ceil(resetAfter)), "X-RateLimit-Scope": "user" },
      );
    }
    bucket.used += 1;
    const ok = (json) => reply(200, json, limitHeaders(BUCKET_SIZE - bucket.used));
    const bot = template.startsWith("/channels") || template.startsWith("/applications");
    if (bot && headers.authorization !== `Bot ${botToken}`) return reply(401, { message: "401: Unauthorized", code: 0 });
    if ((method === "POST" || method === "PATCH") && template !== "/applications/{application.id}/commands") {
      const problems = messageBodyProblems(body);
      if (problems.length > 0) return reply(400, { message: "Invalid Form Body", code: 50035, errors: problems });
    }
    if (template.startsWith("/webhooks")) {
      const record = params[0] === applicationId ? state.byToken.get(params[1]) : undefined;
      if (!record || Date.now() - record.at > TOKEN_LIFETIME_MS) return reply(401, { message: "Invalid Webhook Token", code: 50027 });
      const { interaction } = record;
      if (method === "POST") {
        return ok(
          publicMessage(
            createMessage(interaction.channel_id, body, {
              webhook_id: applicationId,
              interaction: { id: interaction.id, user: interaction.member.user.id },
            }),
          ),
        );
      }
      // The original answer: for a deferred command, the "thinking" message (made now if the answer is not reported yet).
      record.original ??= createMessage(
        interaction.channel_id,
        { content: "" },
        { loading: true, interaction: { id: interaction.id, user: interaction.member.user.id } },
      ).id;
      const original = state.messages.get(record.original);
      if (!original) return reply(404, { message: "Unknown Message", code: 10008 });
      if (method === "PATCH") {
        original.loading = false;
        editMessage(original, body);
      }
      return ok(publicMessage(original));
    }
    if (template === "/channels/{channel.id}/messages") return ok(publicMessage(createMessage(params[0], body)));
    if (template === "/channels/{channel.id}/messages/{message.id}") {
      const message = state.messages.get(params[1]);
      if (!message || message.channel_id !== params[0]) return reply(404, { message: "Unknown Message", code: 10008 });
      if (message.author.id !== applicationId)
        return reply(403, { message: "Cannot edit a message authored by another user", code: 50005 });
      return ok(publicMessage(editMessage(message, body)));
    }
    // The bulk overwrite: the list replaces what was registered, each command with its id.
    if (!Array.isArray(body) || body.some((c) => typeof c?.name !== "string" || typeof c?.description !== "string")) {
      return reply(400, { message: "Invalid Form Body", code: 50035 });
    }
    const registered = body.map((c) => ({ id: snowflake(), application_id: applicationId, version: snowflake(), ...c }));
    if (params[1]) state.commands.guilds.set(params[1], registered);
    else state.commands.global = registered;
    return ok(registered);
  }

  async function control(method, url, body, send, res) {
    const path = url.pathname;
    if (method === "GET" && path === "/") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(viewerPage());
    }
    if (method === "GET" && path === "/__fake/config") {
      return send(200, {
        applicationId,
        publicKeyHex: keyPair.publicKeyHex,
        apiUrl: `${origin}/api/v10`,
        interactionsUrl: state.interactionsUrl,
      });
    }
    if (method === "POST" && path === "/__fake/interactions") return send(200, await makeInteraction(body ?? {}));
    // Any text signed with the application's key (a PING, or a body that is no interaction at all).
    if (method === "POST" && path === "/__fake/sign") {
      const timestamp = String(body.timestamp ?? Math.floor(Date.now() / 1000));
      return send(200, {
        "Content-Type": "application/json",
        "X-Signature-Ed25519": await signInteraction(keyPair.privateKeyPkcs8, timestamp, body.body),
        "X-Signature-Timestamp": timestamp,
      });
    }
    const reported = /^\/__fake\/interactions\/(\d+)\/response$/.exec(path);
    if (method === "POST" && reported) {
      const record = state.interactions.get(reported[1]);
      if (!record) return send(404, { message: "No such interaction" });
      applyResponse(record, body);
      return send(200, { original: record.original });
    }
    const messages = /^\/__fake\/channels\/(\d+)\/messages$/.exec(path);
    if (method === "GET" && messages)
      return send(
        200,
        (state.channels.get(messages[1]) ?? []).map((m) => ({ ...m })),
      );
    if (method === "GET" && path === "/__fake/channels") return send(200, [...state.channels.keys()]);
    if (method === "GET" && path === "/__fake/requests") {
      const channel = url.searchParams.get("channel");
      return send(
        200,
        state.requests.filter((r) => channel === null || r.channel === channel),
      );
    }
    if (method === "GET" && path === "/__fake/commands")
      return send(200, { global: state.commands.global, guilds: Object.fromEntries(state.commands.guilds) });
    if (method === "POST" && path === "/__fake/answer") {
      state.answers.push({
        method: body.method,
        route: body.route,
        status: body.status,
        count: body.count ?? 1,
        body: body.body,
        headers: body.headers,
      });
      return send(200, { ok: true });
    }
    return send(404, { message: "404: Not Found" });
  }

  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: origin,
    apiUrl: `${origin}/api/v10`,
    applicationId,
    botToken,
    publicKeyHex: keyPair.publicKeyHex,
    /** Where `deliver` sends interactions (the Worker's /discord/interactions). */
    setInteractionsUrl(next) {
      state.interactionsUrl = next;
    },
    interact: makeInteraction,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

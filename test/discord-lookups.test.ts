import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ANSWER_DEADLINE_MS } from "../workers/api/discord-interactions";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import {
  discordPerson,
  fakeAnswers,
  lfg,
  linkedPlayers as players,
  newServer,
  realmcast,
  requestsTo,
  setUpServer,
  tableMessageOf,
  tableRow,
  timeAnswers,
  waitForMessage,
} from "./discord-helpers";
import { json, request } from "./helpers";

/**
 * Issue 39: `/realmcast stats` and `/realmcast rooms` against the fake Discord, the bot's own calls to Discord (a
 * 429 waited out, a channel it may not post in), and an answer deferred past the deadline. Answers are timed against
 * Discord's 3-second window.
 */

const { timed } = timeAnswers("lookups");

describe("/realmcast stats and rooms", () => {
  it("keeps a hidden profile's games hidden, and asks a stranger to link", async () => {
    const server = newServer();
    await setUpServer(server);
    const [shy, asker] = await players(["Shy", "Asker"]);
    const hid = await request("/api/user/settings", {
      method: "PUT",
      cookie: shy!.member.cookie,
      body: { ...DEFAULT_SETTINGS, privacySettings: { ...DEFAULT_SETTINGS.privacySettings, profileVisible: false } },
    });
    expect(hid.status, await hid.clone().text()).toBe(200);
    const hidden = await timed(realmcast(asker!.discord, server, "stats", { user: shy!.discord.id }));
    expect(hidden.body.data.content).toMatch(/games are private/);
    const own = await timed(realmcast(shy!.discord, server, "stats"));
    expect(own.body.data.content).not.toMatch(/private/);
    const unknown = await timed(realmcast(asker!.discord, server, "stats", { user: discordPerson("Ghost").id }));
    expect(unknown.body.data.content).toMatch(/has not linked a Realmcast account/);
  });

  it("lists the realm's open public rooms with links, never a private one", async () => {
    const server = newServer();
    await setUpServer(server, "duelcraft");
    const [host] = await players(["Lister"]);
    const name = `Open ${crypto.randomUUID().slice(0, 6)}`;
    const made = await request("/api/game-sessions", {
      cookie: host!.member.cookie,
      body: { maxPlayers: 4, communityId: "duelcraft", gameData: { name, format: "commander", bracket: 2 } },
    });
    expect(made.status).toBe(201);
    const { id } = await json(made);
    const secret = await request("/api/game-sessions", {
      cookie: (await players(["Hider"]))[0]!.member.cookie,
      body: { maxPlayers: 4, communityId: "duelcraft", isPrivate: true, gameData: { name: "Secret pod", format: "commander", bracket: 2 } },
    });
    expect(secret.status).toBe(201);
    const listed = await timed(realmcast(discordPerson("Visitor"), server, "rooms"));
    expect(listed.body.data.flags).toBe(64);
    expect(listed.body.data.content).toMatch(/^\*\*Open rooms in Duelcraft\*\*/);
    expect(listed.body.data.content).toContain(`(http://localhost/tablesync/room/${id}?mode=play)`);
    expect(listed.body.data.content).not.toContain("Secret pod");
  });
});

describe("the bot's calls to Discord", () => {
  it("waits out a 429's retry_after and posts the table's message after it", async () => {
    const server = newServer();
    await setUpServer(server);
    const [ann] = await players(["Patient"]);
    await fakeAnswers({
      method: "POST",
      route: "/channels/{channel.id}/messages",
      status: 429,
      body: { message: "You are being rate limited.", retry_after: 0.3, global: false },
      headers: { "Retry-After": "1", "X-RateLimit-Scope": "user" },
    });
    await timed(lfg(ann!.discord, server));
    const message = await tableMessageOf(server.channel_id);
    expect(message.content).toContain("In (1/4)");
    const posts = (await requestsTo(server.channel_id)).filter((r) => r.method === "POST" && r.route === "/channels/{channel.id}/messages");
    expect(posts.map((p) => p.status)).toEqual([429, 200]);
  });

  it("closes a table it cannot post (no permission in the channel) and tells the member why", async () => {
    const server = newServer();
    await setUpServer(server);
    const [ann] = await players(["Muted"]);
    await fakeAnswers({
      method: "POST",
      route: "/channels/{channel.id}/messages",
      status: 403,
      body: { message: "Missing Permissions", code: 50013 },
    });
    await timed(lfg(ann!.discord, server));
    const told = await waitForMessage(server.channel_id, (m) => m.interaction?.user === ann!.discord.id && !m.loading);
    expect(told.content).toMatch(/cannot post in this channel/);
    expect(told.flags).toBe(64);
    expect((await tableRow(server.channel_id))!.status).toBe("closed");
  });
});

describe("Discord's window", () => {
  it("answers a command that takes longer than the deadline with a deferred answer and delivers it after", async () => {
    expect(ANSWER_DEADLINE_MS).toBeLessThan(3_000);
    const server = newServer();
    const saved = env.DISCORD_ANSWER_DEADLINE_MS;
    (env as unknown as Record<string, unknown>).DISCORD_ANSWER_DEADLINE_MS = "0";
    try {
      const answer = await timed(realmcast(discordPerson("Slow"), server, "rooms"));
      expect(answer.body).toEqual({ type: 5, data: { flags: 64 } });
    } finally {
      (env as unknown as Record<string, unknown>).DISCORD_ANSWER_DEADLINE_MS = saved;
    }
    const edited = await waitForMessage(server.channel_id, (m) => !!m.interaction && !m.loading);
    expect(edited.content).toMatch(/not tied to a Realmcast realm/);
  });
});

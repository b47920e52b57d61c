import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCORD_COMMANDS } from "../workers/contract/discord-commands";
import { startFakeDiscord } from "./fakes/discord.mjs";
import { guildOf, registerCommands } from "./discord-register.mjs";

/** `npm run discord:register` (issue 39) against the fake Discord: the bulk overwrite, global or one server's. */

let fake: Awaited<ReturnType<typeof startFakeDiscord>>;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(() => fake.close());

const registered = async (): Promise<any> => (await fetch(`${fake.url}/__fake/commands`)).json();
const app = () => ({ apiUrl: fake.apiUrl, applicationId: fake.applicationId, botToken: fake.botToken });

describe("discord:register", () => {
  it("overwrites the global commands with /lfg and /realmcast, and again without adding any", async () => {
    const first = await registerCommands(app());
    expect(first.map((c) => c.name)).toEqual(["lfg", "realmcast"]);
    await registerCommands(app());
    const { global } = await registered();
    expect(global.map((c: { name: string }) => c.name)).toEqual(["lfg", "realmcast"]);
    expect(global[1].options.map((o: { name: string }) => o.name)).toEqual(["setup", "stats", "rooms"]);
    expect(JSON.parse(JSON.stringify(global[0]))).toMatchObject(JSON.parse(JSON.stringify(DISCORD_COMMANDS[0])));
  });

  it("registers one server's commands with --guild", async () => {
    const guild = "123456789012345678";
    expect(guildOf(["--guild", guild])).toBe(guild);
    expect(guildOf([`--guild=${guild}`])).toBe(guild);
    expect(guildOf([])).toBeNull();
    await registerCommands({ ...app(), guildId: guild });
    expect(Object.keys((await registered()).guilds)).toContain(guild);
    await expect(registerCommands({ ...app(), guildId: "general" })).rejects.toThrow(/server's id/);
  });

  it("waits out a 429's retry_after and tries again; a wrong token is an error that says Discord's answer", async () => {
    const told = await fetch(`${fake.url}/__fake/answer`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        method: "PUT",
        route: "/applications/{application.id}/commands",
        status: 429,
        body: { message: "You are being rate limited.", retry_after: 0.2, global: false },
      }),
    });
    expect(told.status).toBe(200);
    const waits: string[] = [];
    const started = Date.now();
    await registerCommands({ ...app(), say: (line) => waits.push(line) });
    expect(waits).toEqual(["Discord asked to wait 0.2 s (429); trying again."]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await expect(registerCommands({ ...app(), botToken: "wrong" })).rejects.toThrow(/Discord answered 401/);
    await expect(registerCommands({ ...app(), botToken: "" })).rejects.toThrow(/DISCORD_BOT_TOKEN/);
  });
});

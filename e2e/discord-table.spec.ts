import { expect, test, type Page } from "./fixtures";
import { api, newMemberPage, openRoom, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

/**
 * Issue 39's whole path in the browser: four members who signed in with Discord fill a table from a Discord channel
 * (the fake Discord's page, scripts/fakes/discord-viewer.mjs: each /lfg and each Join is an interaction the fake
 * signs with the application's key and sends to the Worker, as Discord does), the channel's message turns into the
 * room's link, and each of the four opens that link and sits at the private room Realmcast made for exactly them.
 */

const fakeDiscord = () => {
  const url = process.env.DISCORD_FAKE_URL;
  if (!url) throw new Error("DISCORD_FAKE_URL is not set: run the browser tests with scripts/e2e.mjs");
  return url;
};
/** A new Discord id (a snowflake-sized decimal). */
const discordId = () => `9${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** The table's message in the fake channel (the bot's, not an answer only one member sees). */
const tableMessage = (discord: Page) => discord.locator("article").filter({ hasText: /Looking for players|Table ready/ });

/** Plays a Discord user in the fake Discord page (its "You are" picker). */
async function playAs(discord: Page, person: { id: string }) {
  await discord.getByLabel("You are").selectOption(person.id);
}

test("four Discord users fill a table with /lfg and Join, and each opens the posted room link and sits", async ({ browser }) => {
  const names = ["ada", "bo", "cy", "di"];
  const members = await Promise.all(names.map((n) => newMemberPage(browser, n[0]!.toUpperCase() + n.slice(1), "Discord")));
  const people = names.map((name) => ({ name, id: discordId() }));
  const discordContext = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    // Each member signed in with Discord once (locally the dev seed links the identity, as the OAuth callback does).
    await Promise.all(members.map(({ page }, i) => api(page, "POST", "/__dev/discord-identity", { discordUserId: people[i]!.id })));
    const ids = await Promise.all(members.map(async ({ page }) => (await api<{ id: string }>(page, "GET", "/api/auth/user")).id));

    const discord = await discordContext.newPage();
    const guild = discordId();
    const channel = discordId();
    const users = people.map((p) => `${p.id}:${p.name}`).join(",");
    await discord.goto(`${fakeDiscord()}/?guild=${guild}&channel=${channel}&users=${users}`);
    const status = discord.getByRole("status");

    // The server's manager ties it to a realm.
    await playAs(discord, people[0]!);
    await discord.getByLabel("can manage the server").check();
    await discord.getByRole("button", { name: "/realmcast setup" }).click();
    await expect(status).toHaveText(/^Realmcast answered 200 in \d+ ms$/);
    await expect(discord.getByText(/^This server now plays in Scry & Gather/)).toBeVisible();
    await discord.getByLabel("can manage the server").uncheck();

    // Ada looks for players; Bo, Cy and Di press Join.
    await discord.getByRole("button", { name: "/lfg", exact: true }).click();
    await expect(tableMessage(discord)).toContainText("In (1/4): @ada");
    for (const person of people.slice(1)) {
      await playAs(discord, person);
      await tableMessage(discord).getByRole("button", { name: "Join" }).click();
      await expect(status).toHaveText(/^Realmcast answered 200 in \d+ ms$/);
    }
    const ready = tableMessage(discord).filter({ hasText: "Table ready" });
    await expect(ready).toContainText("Players: @ada @bo @cy @di");
    await expect(discord.locator("article").filter({ hasText: /your .* table is ready/ })).toContainText("@ada @bo @cy @di");
    await reviewShot(discord, "discord-table-ready");
    const roomUrl = await ready.getByRole("link", { name: "Open the room" }).getAttribute("href");
    expect(roomUrl).toMatch(/\/tablesync\/room\/[0-9a-f-]+/);

    // Each of the four opens the posted link and sits: Ada hosts, the others take the seats they were invited to.
    for (const { page } of members) await openRoom(page, roomUrl!);
    const sessionId = /\/tablesync\/room\/([0-9a-f-]+)/.exec(roomUrl!)![1]!;
    await expect(async () => {
      const room = await api<{ hostId: string; currentPlayers: number; isPrivate: boolean }>(
        members[0]!.page,
        "GET",
        `/api/game-sessions/${sessionId}`,
      );
      expect(room).toMatchObject({ hostId: ids[0], currentPlayers: 4, isPrivate: true });
    }).toPass({ timeout: scaled(15_000) });
    await reviewShot(members[3]!.page, "discord-table-room");
  } finally {
    await discordContext.close();
    await Promise.all(members.map(({ context }) => context.close()));
  }
});

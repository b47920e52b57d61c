import { expect, test } from "./fixtures";
import { api, expectNoSidewaysScroll, gotoHydrated, newMemberPage, openRoom, reviewShot, waitForHydration } from "./helpers";

/**
 * Issue 37: what members see of each other. A name that starts with an emoji keeps it in every avatar; saved decks
 * are on a profile for others (read-only, as its privacy allows); "Confirm the result" reaches the other player's
 * open page within a moment, without a reload and before any poll.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

test("a first name that starts with an emoji keeps it in the header, profile and room avatars", async ({ browser }) => {
  const uni = await newMemberPage(browser, "🦄 Uni", "Ann", { viewport: DESKTOP });
  try {
    await gotoHydrated(uni.page, "/profile");
    await expect(uni.page.getByTestId("user-menu").getByTestId("member-avatar")).toHaveText("🦄A");
    await expect(uni.page.getByTestId("profile-avatar")).toHaveText("🦄A");
    const room = await api<{ id: string }>(uni.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "bladeforge",
      gameData: { name: `Emoji table ${Date.now()}`, format: "commander" },
    });
    await openRoom(uni.page, `/tablesync/room/${room.id}`);
    const avatar = uni.page.getByTestId("players-list").getByTestId("member-avatar");
    await expect(avatar).toHaveText(/^🦄/);
    expect(await avatar.innerText()).not.toMatch(LONE_SURROGATE);
    await reviewShot(uni.page, "emoji-initials-room-1366");
  } finally {
    await uni.context.close();
  }
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`another member's saved decks are on their profile, read-only, as its privacy allows (${viewport.width} px)`, async ({
    browser,
  }) => {
    const owner = await newMemberPage(browser, "Dee", "Decks", { viewport: DESKTOP });
    const visitor = await newMemberPage(browser, "Vic", "Visitor", { viewport });
    try {
      const me = await api<{ id: string }>(owner.page, "GET", "/api/auth/user");
      await api(owner.page, "POST", "/api/decks", {
        name: "Goblin party",
        text: "Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Sol Ring\n30 Mountain\n",
      });
      await gotoHydrated(visitor.page, `/profile/${me.id}`);
      const decks = visitor.page.getByTestId("profile-decks");
      await expect(decks.getByRole("list", { name: "Dee Decks's decks" })).toContainText("Goblin party");
      await expect(decks).toContainText("Krenko, Mob Boss");
      // Read-only: no form, no delete.
      await expect(decks.getByLabel("Deck list")).toHaveCount(0);
      await expect(decks.getByRole("button", { name: /Delete deck/ })).toHaveCount(0);
      await decks.getByRole("link", { name: "View the list of Goblin party" }).click();
      const list = decks.getByTestId("deck-list");
      await expect(list.getByRole("region", { name: "Goblin party: Commander" })).toContainText("Krenko, Mob Boss");
      await expect(list.getByRole("region", { name: "Goblin party: Deck" })).toContainText("30");
      await expect(list).toContainText("Sol Ring");
      await expectNoSidewaysScroll(visitor.page, `the profile's decks at ${viewport.width} px`);
      await reviewShot(visitor.page, `profile-decks-${viewport.width}`, { fullPage: true });

      // A private profile keeps them to its owner.
      const settings = await api(owner.page, "GET", "/api/user/settings");
      await api(owner.page, "PUT", "/api/user/settings", {
        ...settings,
        privacySettings: { ...settings.privacySettings, profileVisible: false },
      });
      await gotoHydrated(visitor.page, `/profile/${me.id}`);
      await expect(visitor.page.getByTestId("profile-private-note")).toBeVisible();
      await expect(visitor.page.getByTestId("profile-decks")).toHaveCount(0);
    } finally {
      await owner.context.close();
      await visitor.context.close();
    }
  });
}

test("the host records a result: the other player's bell shows it within a moment, with no reload and no poll (1366 and 390 px)", async ({
  browser,
}) => {
  const host = await newMemberPage(browser, "Hal", "Host", { viewport: DESKTOP });
  const other = await newMemberPage(browser, "Ida", "Asked", { viewport: PHONE });
  try {
    const room = await api<{ id: string }>(host.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "bladeforge",
      gameData: { name: `Live bell ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(host.page, roomUrl);
    await openRoom(other.page, roomUrl);
    await expect(host.page.getByTestId("players-list")).toContainText("Ida Asked");
    await host.page.getByRole("button", { name: "Start Game" }).click();
    await expect(other.page.getByTestId("room-status")).toHaveText("Game Active");
    await host.page.getByRole("button", { name: "End game" }).click();
    await host.page.getByRole("dialog", { name: "End the game for everyone?" }).getByRole("button", { name: "End game" }).click();
    await expect(other.page.getByRole("link", { name: "Game result" })).toBeVisible();

    // Ida reads elsewhere on the site. Her page's clock stands still from here: no poll can run, only the inbox
    // socket can bring the news.
    await other.page.clock.install();
    await other.page.goto("/calendar");
    await waitForHydration(other.page);
    const bell = other.page.getByTestId("notification-bell");
    await expect(bell).toHaveAttribute("data-inbox", "open");
    await other.page.clock.pauseAt(new Date(Date.now() + 1_000));
    await expect(other.page.getByTestId("unread-badge")).toBeHidden();

    const me = await api<{ id: string }>(host.page, "GET", "/api/auth/user");
    await api(host.page, "POST", `/api/game-sessions/${room.id}/result`, { outcome: "win", winnerId: me.id, endTurn: 6 });
    await expect(other.page.getByTestId("unread-badge")).toHaveText("1");
    await expect(bell).toHaveAccessibleName(/1 unread/);
    await reviewShot(other.page, "live-bell-390");
    await bell.click();
    await expect(other.page.getByTestId("notification-item").filter({ hasText: "Confirm the result" })).toBeVisible();
  } finally {
    await host.context.close();
    await other.context.close();
  }
});

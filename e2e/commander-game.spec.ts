import { expect, test, type Page } from "./fixtures";
import { api, newMemberPage, openRoom, reviewShot, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

/**
 * The Commander table's controls as players use them, at desktop and phone width: start, dice, turns, life,
 * commander damage, poison, a reload that brings the table back, a player who drops. The room's rules behind
 * them (three or four seats, the random first player, hand-overs, the end of a room) are tested frame by frame
 * in test/room-table.test.ts and test/room.test.ts; the video mesh (two players and a spectator, autoplay) in
 * e2e/tablesync.spec.ts.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const row = (page: Page, name: string) => page.getByTestId("players-list").locator("li").filter({ hasText: name });
const turnRow = (page: Page) =>
  page
    .getByTestId("players-list")
    .locator("li")
    .filter({ has: page.getByText("Turn", { exact: true }) });

/** Whose turn it is, as a page shows it (first name). */
const holder = async (page: Page) => (await turnRow(page).getByTestId("player-name").innerText()).split(" ")[0];

/** The page is hydrated and its socket is open, as its status line shows: the roster comes next. */

test("a Commander table's controls: start, dice, turns, life, commander damage, poison, reload, a player who drops; at phone width", async ({
  browser,
}) => {
  test.setTimeout(scaled(180_000));
  const ann = await newMemberPage(browser, "Ann", "Host", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Second", { viewport: DESKTOP });
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Commander night ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, roomUrl);
    await openRoom(ben.page, roomUrl);
    for (const { page } of [ann, ben]) for (const name of ["Ann Host", "Ben Second"]) await expect(row(page, name)).toBeVisible();

    // Ann starts: a random first player, announced to both.
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    for (const { page } of [ann, ben]) {
      await expect(page.getByTestId("chat-message").filter({ hasText: /Game started\. Random pick: (Ann|Ben) goes first/ })).toBeVisible();
      await expect(page.getByTestId("room-status")).toHaveText("Game Active");
    }

    // A roll, seen by both.
    await ben.page.getByRole("button", { name: "Quick d20" }).click();
    const rolled = (await ben.page.getByTestId("chat-message").filter({ hasText: "rolled a d20" }).locator("p").innerText()).trim();
    await expect(ann.page.getByTestId("chat-message").filter({ hasText: rolled })).toHaveCount(1);

    // Whoever holds the turn passes it, twice.
    const players = { Ann: ann, Ben: ben } as const;
    for (let i = 0; i < 2; i++) {
      const before = (await holder(ann.page)) as keyof typeof players;
      await players[before].page.getByRole("button", { name: "Pass Turn" }).click();
      await expect(
        ann.page
          .getByTestId("chat-message")
          .filter({ hasText: `${before} passed the turn to` })
          .last(),
      ).toBeVisible();
      await expect.poll(() => holder(ann.page)).not.toBe(before);
    }

    // Life, commander damage and poison, the same on both pages.
    await ann.page.getByRole("button", { name: "Lose 1 life" }).click();
    await ann.page.getByRole("button", { name: "Lose 1 life" }).click();
    await expect(row(ben.page, "Ann Host").getByTestId("life-total")).toHaveText("38");
    for (let i = 0; i < 3; i++) await ben.page.getByRole("button", { name: "From Ann plus 1" }).click();
    for (const { page } of [ann, ben]) {
      await expect(row(page, "Ben Second").getByTestId("life-total")).toHaveText("37");
      await expect(row(page, "Ben Second").getByTestId("player-tools")).toContainText("Cmdr Ann 3/21");
    }
    await ann.page.getByRole("button", { name: "Poison plus 1" }).click();
    await expect(row(ben.page, "Ann Host").getByTestId("player-tools")).toContainText("Poison 1/10");
    await expect(
      ann.page.getByTestId("chat-message").filter({ hasText: "Ben +1 commander damage from Ann (3/21), life 37" }),
    ).toBeVisible();
    await expect(ben.page.getByTestId("chat-message").filter({ hasText: "Ann -1 life (38)" })).toBeVisible();
    await reviewShot(ann.page, "commander-table-1366");

    // Ben reloads: the same table comes back.
    await ben.page.reload();
    await waitForHydration(ben.page);
    await expect(ben.page.getByText("Connected", { exact: true })).toBeVisible();
    await expect(row(ben.page, "Ann Host").getByTestId("life-total")).toHaveText("38");
    await expect(row(ben.page, "Ann Host").getByTestId("player-tools")).toContainText("Poison 1/10");
    await expect(row(ben.page, "Ben Second").getByTestId("player-tools")).toContainText("Cmdr Ann 3/21");
    await expect(ben.page.getByTestId("chat-message").filter({ hasText: rolled })).toHaveCount(1);

    // The phone: video first, every control reachable.
    await ben.page.setViewportSize(PHONE);
    const video = await ben.page.getByTestId("video-panel").boundingBox();
    const seats = await ben.page.getByTestId("players-list").boundingBox();
    expect(video!.y).toBeLessThan(seats!.y);
    expect(video!.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ["Pass Turn", "Lose 1 life", "Poison plus 1", "Quick d20", "Leave Room", "Copy room link"]) {
      const control = ben.page.getByRole("button", { name, exact: true });
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    await reviewShot(ben.page, "commander-table-390", { fullPage: true });

    // Ann closes her tab: Ben sees her seat held, and may pass her turn.
    await ann.page.close();
    const away = ben.page.getByTestId("away-row").filter({ hasText: "Ann Host" });
    await expect(away.getByTestId("seat-held")).toHaveText(/^disconnected — seat held [0-4]:\d\d$/);
    if ((await holder(ben.page)) !== "Ann") await ben.page.getByRole("button", { name: "Pass Turn" }).click();
    await expect.poll(() => holder(ben.page)).toBe("Ann");
    await ben.page.getByRole("button", { name: "Pass Turn" }).click();
    await expect.poll(() => holder(ben.page)).toBe("Ben");

    await ben.page.getByRole("button", { name: "Leave Room" }).click();
    await expect(ben.page).toHaveURL(/\/tablesync$/);
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});

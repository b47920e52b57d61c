import { expect, test, type Page } from "./fixtures";
import { api, expectNoSidewaysScroll, newMemberPage, openRoom, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

/**
 * Issue 25, video first: each player's tile carries their table state (life, commander damage taken and from whom,
 * poison, the turn, monarch and initiative) and the viewer's own tile their life controls; four players at 1366
 * by 768, and two by two at 390 px.
 */

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const tileOf = (page: Page, name: string) => page.getByTestId("remote-tile").filter({ hasText: name });

test("four players: the table's state on each video tile, the own life changed on the own tile (1366x768 and 390 px, two by two)", async ({
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const [ann, ben, cat, dan] = await Promise.all(
    [
      ["Ann", "Host"],
      ["Ben", "Second"],
      ["Cat", "Third"],
      ["Dan", "Fourth"],
    ].map(([first, last], i) => newMemberPage(browser, first, last, { viewport: i === 3 ? PHONE : LAPTOP })),
  );
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Tile table ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    for (const { page } of [ann, ben, cat, dan]) await openRoom(page, roomUrl);
    await expect(ann.page.getByText("Video Chat (4/4 players)")).toBeVisible();
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    await expect(dan.page.getByTestId("room-status")).toHaveText("Game Active");

    // Ann's own tile carries her life and its controls; nobody else's tile offers them to her.
    const own = ann.page.getByTestId("local-tile");
    await own.getByRole("button", { name: "Your life minus 1" }).click();
    await own.getByRole("button", { name: "Your life minus 1" }).click();
    await expect(own.getByTestId("tile-life")).toHaveText("38");
    await expect(tileOf(ann.page, "Ben Second").getByRole("button", { name: /Your life/ })).toHaveCount(0);
    for (const { page } of [ben, cat, dan]) await expect(tileOf(page, "Ann Host").getByTestId("tile-life")).toHaveText("38");

    // Ben takes commander damage from Ann and a poison counter; Cat takes the monarch: every tile shows it.
    for (let i = 0; i < 3; i++) await ben.page.getByRole("button", { name: "From Ann plus 1" }).click();
    await ben.page.getByRole("button", { name: "Poison plus 1" }).click();
    await cat.page.getByRole("button", { name: "Monarch" }).click();
    for (const { page } of [ann, cat, dan]) {
      const benTile = tileOf(page, "Ben Second");
      await expect(benTile.getByTestId("tile-life")).toHaveText("37");
      await expect(benTile.getByTestId("tile-commander-damage")).toHaveText("Cmdr Ann 3/21");
      await expect(benTile.getByTestId("tile-poison")).toHaveText("Poison 1/10");
    }
    await expect(tileOf(dan.page, "Cat Third").getByTestId("tile-state")).toContainText("Monarch");
    // Whose turn it is shows on exactly one tile of every page.
    for (const { page } of [ann, ben, cat, dan]) {
      await expect(page.getByTestId("tile-state").filter({ hasText: /^Turn/ })).toHaveCount(1);
    }

    // At 1366x768 the four tiles, the video controls and the table's own controls are all in the first screen.
    const fold = LAPTOP.height;
    const firstScreen = [
      ...(await ann.page.locator('[data-testid="local-tile"], [data-testid="remote-tile"]').all()),
      ann.page.getByRole("toolbar", { name: "Video controls" }),
      ann.page.getByRole("button", { name: "Pass Turn" }),
      ann.page.getByRole("button", { name: "End game" }),
    ];
    expect(firstScreen).toHaveLength(7);
    for (const element of firstScreen) {
      const box = await element.boundingBox();
      expect(
        box && box.y + box.height,
        `${(await element.getAttribute("data-testid")) ?? (await element.innerText())} below the fold`,
      ).toBeLessThanOrEqual(fold);
    }
    await reviewShot(ann.page, "room-tiles-1366x768");
    await reviewShot(dan.page, "room-tiles-390", { fullPage: true });
    // At 390 px the tiles sit two by two (issue 37: the whole table on the first screen, not one tile a screen), every
    // tile and Pass Turn above the fold, and nothing scrolls sideways.
    await dan.page.evaluate(() => window.scrollTo(0, 0));
    const phoneTiles = await dan.page
      .locator('[data-testid="local-tile"], [data-testid="remote-tile"]')
      .evaluateAll((tiles) => tiles.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
    expect(phoneTiles).toHaveLength(4);
    expect(new Set(phoneTiles.map((b) => Math.round(b.x))).size).toBe(2);
    for (const b of phoneTiles) expect(b.y + b.height, "a tile below the fold at 390 px").toBeLessThanOrEqual(PHONE.height);
    const pass = (await dan.page.getByRole("button", { name: "Pass Turn" }).boundingBox())!;
    expect(pass.y + pass.height, "Pass Turn below the fold at 390 px").toBeLessThanOrEqual(PHONE.height);
    await expectNoSidewaysScroll(dan.page, "the four-player room at 390 px");
  } finally {
    for (const m of [ann, ben, cat, dan]) await m.context.close();
  }
});

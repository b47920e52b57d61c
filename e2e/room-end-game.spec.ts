import { expect, test } from "./fixtures";
import { api, expectNoSidewaysScroll, newMemberPage, openRoom, reviewShot } from "./helpers";

/**
 * Issue 25: the host ends the game for everyone from the room page (a confirm dialog first); every open page
 * shows the ended room at once. Issue 37: a player out of the game before the end leaves the host's result form
 * starting from the one player left. The room's side (only the host, the frame's schema, D1, spectators' sockets) is
 * tested over real sockets in test/room-end-game.test.ts.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

test("the host, named as everywhere, ends the game: a confirm dialog, then every page (a spectator's too) shows the ended room, and the result form starts from who is left (1366 and 390 px)", async ({
  browser,
}) => {
  const ann = await newMemberPage(browser, "Ann", "Host", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Second", { viewport: PHONE });
  const fan = await newMemberPage(browser, "Fay", "Watcher", { viewport: DESKTOP });
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Last game ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, roomUrl);
    await openRoom(ben.page, roomUrl);
    await openRoom(fan.page, `${roomUrl}?mode=spectate`);
    await expect(ann.page.getByTestId("players-list")).toContainText("Ben Second");
    // One name rule for the host (workers/contract/display-name.ts), in the header as in the players list.
    for (const { page } of [ann, ben]) await expect(page.getByText("Hosted by Ann Host", { exact: true })).toBeVisible();
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    await expect(ben.page.getByTestId("room-status")).toHaveText("Game Active");

    // Only the host is offered the control.
    for (const { page } of [ben, fan]) await expect(page.getByRole("button", { name: "End game" })).toHaveCount(0);

    // Ben takes his tenth poison counter (issue 37): he is out of the game, and Ann is the one player left.
    for (let i = 0; i < 10; i++) await ben.page.getByRole("button", { name: "Poison plus 1" }).click();
    await expect(ann.page.getByTestId("player-row").filter({ hasText: "Ben Second" }).getByTestId("player-out")).toBeVisible();

    // Cancelling changes nothing.
    await ann.page.getByRole("button", { name: "End game" }).click();
    const dialog = ann.page.getByRole("dialog", { name: "End the game for everyone?" });
    await expect(dialog).toBeVisible();
    await reviewShot(ann.page, "room-end-game-confirm-1366");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(ben.page.getByTestId("room-status")).toHaveText("Game Active");

    await ann.page.getByRole("button", { name: "End game" }).click();
    await dialog.getByRole("button", { name: "End game" }).click();
    for (const { page } of [ann, ben, fan]) {
      const ended = page.getByRole("status").filter({ hasText: "This game has ended: the host ended it." });
      await expect(ended).toBeVisible();
      await expect(ended.getByRole("link", { name: "Back to the lobby" })).toBeVisible();
      await expect(page.getByTestId("room-status")).toHaveText("Game Over");
      await expect(page.getByRole("button", { name: "Leave Room" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "End game" })).toHaveCount(0);
    }
    await expectNoSidewaysScroll(ben.page, "the ended room at 390 px");
    await reviewShot(ann.page, "room-ended-host-1366");
    await reviewShot(ben.page, "room-ended-player-390");

    // The host's result form starts from who is left: Ann, the one player still in, first and preselected; Ben
    // after her, marked out (the room mirrored it to D1 with the table).
    await ann.page.getByRole("link", { name: "Game result" }).click();
    const form = ann.page.getByRole("form", { name: "Record the result" });
    const winners = form.getByRole("group", { name: "Who won?" });
    for (const viewport of [DESKTOP, PHONE]) {
      await ann.page.setViewportSize(viewport);
      await expect(form.getByRole("radio", { name: "Ann Host" })).toBeChecked();
      await expect(form.getByRole("radio", { name: /Ben Second/ })).not.toBeChecked();
      await expect(winners.locator("label").first()).toContainText("Ann Host");
      await expect(winners.locator("label").filter({ hasText: "Ben Second" })).toContainText("Out of the game");
      await expect(winners.locator("label").filter({ hasText: "Ann Host" })).not.toContainText("Out of the game");
      await expectNoSidewaysScroll(ann.page, `the result form at ${viewport.width} px`);
      await reviewShot(ann.page, `room-ended-result-left-${viewport.width}`, { fullPage: true });
    }

    // A reload says the same at once, without opening the room again.
    await ben.page.reload();
    await expect(ben.page.getByTestId("room-refusal")).toContainText("This game has ended.");
    await ben.page.getByTestId("room-refusal").getByRole("link", { name: "Back to the lobby" }).click();
    await expect(ben.page).toHaveURL(/\/tablesync$/);
  } finally {
    for (const m of [ann, ben, fan]) await m.context.close();
  }
});

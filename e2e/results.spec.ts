import { expect, test } from "./fixtures";
import { api, chooseCommunity, expectNoSidewaysScroll, gotoHydrated, newMemberPage, openRoom, reviewShot } from "./helpers";

/**
 * Issue 27 §2 in the browser: after the host ends a game, they record the result from the room page, the other
 * player confirms it from the bell's notification, both profiles show the game and the realm's dashboard counts it.
 * Every rule (double submits, disputes, tokens, privacy, round trips) is tested in test/game-results.test.ts.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

test("the host records the winner, the other player confirms from the bell, profiles and the realm dashboard show it (1366 and 390 px)", async ({
  browser,
}) => {
  const ann = await newMemberPage(browser, "Ann", "Recorder", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Confirmer", { viewport: PHONE });
  const roomName = `Result night ${Date.now()}`;
  const annCommander = `Edgar ${Date.now() % 100000}`;
  const benCommander = `Krenko ${Date.now() % 100000}`;
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "bladeforge",
      gameData: { name: roomName, format: "commander", bracket: 3 },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, roomUrl);
    await openRoom(ben.page, roomUrl);
    await expect(ann.page.getByTestId("players-list")).toContainText("Ben Confirmer");
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    await expect(ben.page.getByTestId("room-status")).toHaveText("Game Active");
    await ann.page.getByRole("button", { name: "End game" }).click();
    await ann.page.getByRole("dialog", { name: "End the game for everyone?" }).getByRole("button", { name: "End game" }).click();

    // The ended room leads the host to its result.
    await ann.page.getByRole("link", { name: "Game result" }).click();
    const form = ann.page.getByRole("form", { name: "Record the result" });
    await expect(form).toBeVisible();
    await expect(ben.page.getByRole("link", { name: "Game result" })).toBeVisible();
    await reviewShot(ann.page, "result-record-1366", { fullPage: true });
    await form.getByRole("radio", { name: "Ben Confirmer" }).check();
    await form.getByLabel("Turn it ended (optional)").fill("7");
    await form.getByLabel("Ann Recorder's commander").fill(annCommander);
    await form.getByLabel("Ben Confirmer's commander").fill(benCommander);
    await form.getByRole("button", { name: "Record result" }).click();
    const summary = ann.page.getByTestId("result-summary");
    await expect(summary).toContainText("Ben Confirmer won");
    await expect(ann.page.getByTestId("result-status")).toHaveText("Waiting for confirmation");
    await expect(form).toHaveCount(0);

    // Ben answers from his notification.
    await gotoHydrated(ben.page, "/");
    await ben.page.getByTestId("notification-bell").click();
    const ask = ben.page.getByTestId("notification-item").filter({ hasText: "Confirm the result" });
    await expect(ask).toContainText(roomName);
    await ask.getByRole("link").click();
    await expect(ben.page).toHaveURL(new RegExp(`${roomUrl}$`));
    const answer = ben.page.getByRole("form", { name: "Answer the result" });
    await expect(answer).toBeVisible();
    await expect(ben.page.getByTestId("result-summary")).toContainText(benCommander);
    await expectNoSidewaysScroll(ben.page, "the result panel at 390 px");
    await reviewShot(ben.page, "result-answer-390", { fullPage: true });
    await answer.getByRole("button", { name: "Confirm" }).click();
    await expect(ben.page.getByTestId("result-status")).toHaveText("Confirmed");
    await expect(answer).toHaveCount(0);

    // Both profiles show the game, counted.
    for (const { page } of [ann, ben]) {
      await gotoHydrated(page, "/profile");
      await expect(page.getByTestId("profile-recent-games")).toContainText(roomName);
      await expect(page.getByTestId("profile-game-stats")).toContainText("1 game");
    }
    await expect(ben.page.getByTestId("profile-game-stats")).toContainText("1 win");
    await expect(ben.page.getByTestId("profile-game-stats")).toContainText(benCommander);
    await expectNoSidewaysScroll(ben.page, "the profile at 390 px");
    await reviewShot(ann.page, "result-profile-1366", { fullPage: true });
    await reviewShot(ben.page, "result-profile-390", { fullPage: true });

    // The realm's dashboard: what its members played this week.
    await gotoHydrated(ann.page, "/");
    await chooseCommunity(ann.page, "Bladeforge");
    const week = ann.page.getByTestId("played-this-week");
    await expect(week).toContainText(benCommander);
    await expect(week).toContainText(annCommander);
    await week.scrollIntoViewIfNeeded();
    await reviewShot(ann.page, "result-dashboard-1366");
  } finally {
    for (const m of [ann, ben]) await m.context.close();
  }
});

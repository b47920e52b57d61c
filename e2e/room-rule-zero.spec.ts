import { expect, test } from "./fixtures";
import { api, expectAxeClean, expectNoSidewaysScroll, newMemberPage, openRoom, reviewShot } from "./helpers";

/**
 * Rule 0 at the table (issue 27): in a bracket-3 Commander room, Ann sits with a saved deck she gives bracket 3 and
 * Ben (on a phone) with a deck said by name at bracket 4. Everyone, the spectator too, sees each seat's commander or
 * deck name and bracket, and the notice about Ben's deck; the host starts anyway and the notice goes with the wait.
 * The frame's rules (own deck, spectators, schema, other formats) are tested over real sockets in
 * test/room-decks.test.ts; the notice's rule beside it (app/components/room/rule-zero.test.ts).
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const ATRAXA_LIST = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n1 Command Tower\n";
const NOTICE = "Ben Phone's deck is bracket 4, above this room's bracket 3. Talk it over before you start.";

test("decks above the room's bracket show a notice to everyone before the game; the host starts anyway (1366 and 390 px)", async ({
  browser,
}) => {
  const ann = await newMemberPage(browser, "Ann", "Host", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Phone", { viewport: PHONE });
  const fay = await newMemberPage(browser, "Fay", "Watcher", { viewport: DESKTOP });
  try {
    const deck = await api<{ id: string; name: string }>(ann.page, "POST", "/api/decks", { name: "Atraxa Counters", text: ATRAXA_LIST });
    const room = await api<{ id: string; gameData: { bracket: number } }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Rule 0 table ${Date.now()}`, format: "commander", bracket: 3 },
    });
    expect(room.gameData.bracket).toBe(3);
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, roomUrl);
    await openRoom(ben.page, roomUrl);
    await openRoom(fay.page, `${roomUrl}?mode=spectate`);
    await expect(ann.page.getByTestId("players-list")).toContainText("Ben Phone");

    // Sitting, each player is asked which deck they bring; the spectator is not.
    await expect(fay.page.getByTestId("say-your-deck")).toHaveCount(0);
    await ann.page.getByRole("button", { name: "Say which deck you bring" }).click();
    const annDialog = ann.page.getByRole("dialog", { name: "Your deck at this table" });
    await expect(annDialog.getByText("This room plays bracket 3.")).toBeVisible();
    await annDialog.getByRole("combobox", { name: /bracket/ }).selectOption("3");
    await annDialog.getByRole("button", { name: deck.name }).click();
    await expect(annDialog).toBeHidden();
    await expect(ann.page.getByTestId("say-your-deck")).toHaveCount(0);

    // Ben, on a phone, says his deck by name at bracket 4.
    await ben.page.getByRole("button", { name: "Say which deck you bring" }).click();
    const benDialog = ben.page.getByRole("dialog", { name: "Your deck at this table" });
    await benDialog.getByRole("combobox", { name: /bracket/ }).selectOption("4");
    await benDialog.getByLabel("The deck you bring").fill("Goblin Storm");
    await expectNoSidewaysScroll(ben.page, "the deck dialog at 390 px");
    await reviewShot(ben.page, "rule-zero-dialog-390");
    await expectAxeClean(ben.page, "the deck dialog with its bracket and name", '[role="dialog"]');
    await benDialog.getByRole("button", { name: "Use this name" }).click();
    await expect(benDialog).toBeHidden();

    // Everyone sees each seat's commander or deck name and bracket, and the one notice, about Ben's deck only.
    for (const { page } of [ann, ben, fay]) {
      const annRow = page.getByTestId("player-row").filter({ hasText: "Ann Host" });
      await expect(annRow.getByTestId("seat-commander")).toHaveText("Atraxa, Praetors' Voice");
      await expect(annRow.getByTestId("seat-bracket")).toHaveText("Bracket 3");
      const benRow = page.getByTestId("player-row").filter({ hasText: "Ben Phone" });
      await expect(benRow.getByTestId("seat-deck")).toContainText("Goblin Storm");
      await expect(benRow.getByTestId("seat-bracket")).toHaveText("Bracket 4");
      const notice = page.getByRole("status", { name: "Rule 0" });
      await expect(notice).toHaveText(NOTICE);
      await expect(notice.getByRole("listitem")).toHaveCount(1);
    }
    for (const { page } of [ann, fay]) {
      const tile = page.getByTestId("remote-tile").filter({ hasText: "Ben Phone" });
      await expect(tile.getByTestId("seat-bracket")).toHaveText("Bracket 4");
      await expect(tile.getByTestId("seat-deck")).toContainText("Goblin Storm");
    }
    await expectNoSidewaysScroll(ben.page, "the room with the Rule 0 notice at 390 px");
    await expectAxeClean(fay.page, "the Rule 0 notice", '[data-testid="rule-zero-notice"]');
    await reviewShot(ann.page, "rule-zero-notice-host-1366");
    await reviewShot(fay.page, "rule-zero-notice-spectator-1366");
    await reviewShot(ben.page, "rule-zero-notice-390");
    await reviewShot(ben.page, "rule-zero-notice-390-full", { fullPage: true });

    // The host starts anyway: the game goes on for everyone, and the notice (a waiting room's) is gone.
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    for (const { page } of [ann, ben, fay]) {
      await expect(page.getByTestId("room-status")).toHaveText("Game Active");
      await expect(page.getByTestId("rule-zero-notice")).toHaveCount(0);
      // The seats keep their decks and brackets through the game.
      await expect(page.getByTestId("player-row").filter({ hasText: "Ben Phone" }).getByTestId("seat-bracket")).toHaveText("Bracket 4");
    }
  } finally {
    for (const m of [ann, ben, fay]) await m.context.close();
  }
});

import { expect, test, type Page } from "./fixtures";
import { api, expectAxeClean, expectNoSidewaysScroll, newMemberPage, openRoom, reviewShot } from "./helpers";

/**
 * Issue 26 at the table: a player puts a saved deck on their seat and everyone (a spectator too) sees its commander's
 * art on that seat; a player looks a card up with the keyboard and shows it to the table; the spectator opens it from
 * the chat; with the card service failing the lookup says so and the room goes on. The room's rules (own seat, own
 * deck, spectators, the frames' schema) are tested over real sockets in test/room-decks.test.ts.
 *
 * This spec switches the fake card service to failing for a moment, which no other page may see: it runs in the
 * "solo" phase (playwright.config.ts).
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const ATRAXA_LIST = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n1 Command Tower\n1 Arcane Signet\n";

/** The card service's failure switch (scripts/fakes/card-service.mjs), on the lane the Worker uses. */
async function cardServiceFailing(failing: boolean) {
  const fake = process.env.CARD_FAKE_URL;
  if (!fake) throw new Error("CARD_FAKE_URL is not set: run through scripts/e2e.mjs");
  const res = await fetch(`${fake}/__fake/fail`, { method: "POST", body: JSON.stringify({ mode: failing ? "unavailable" : "ok" }) });
  expect(res.ok).toBe(true);
}

/** Every commander picture on the seat has loaded (it is drawn, not only referenced). */
async function expectCommanderArt(page: Page, where: ReturnType<Page["getByTestId"]>) {
  const art = where.getByTestId("seat-commander-art").first();
  await expect(art).toBeVisible();
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test("a deck on a seat shows its commander to everyone; a card looked up with the keyboard goes to the table and a spectator opens it (1366×768 and 390 px)", async ({
  browser,
}) => {
  const ann = await newMemberPage(browser, "Ann", "Decks", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Phone", { viewport: PHONE });
  const fan = await newMemberPage(browser, "Fay", "Watcher", { viewport: DESKTOP });
  try {
    const deck = await api<{ id: string; name: string }>(ann.page, "POST", "/api/decks", { name: "Atraxa Counters", text: ATRAXA_LIST });
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Deck table ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, roomUrl);
    await openRoom(ben.page, roomUrl);
    await openRoom(fan.page, `${roomUrl}?mode=spectate`);
    await expect(ann.page.getByTestId("players-list")).toContainText("Ben Phone");

    // Only the seat's own player is offered the deck control.
    await expect(fan.page.getByRole("button", { name: "Choose your deck" })).toHaveCount(0);
    await ann.page.getByTestId("players-list").getByRole("button", { name: "Choose your deck" }).click();
    const dialog = ann.page.getByRole("dialog", { name: "Your deck at this table" });
    await expect(dialog).toBeVisible();
    await reviewShot(ann.page, "room-cards-deck-dialog-1366");
    await expectAxeClean(ann.page, "the deck dialog", '[role="dialog"]');
    // The pages fetch the table's cards (the tiles' identification candidates) when a seat's deck changes.
    const tableCards = fan.page.waitForResponse((r) => r.url().endsWith(`/api/game-sessions/${room.id}/cards`) && r.ok());
    await dialog.getByRole("button", { name: deck.name }).click();
    await expect(dialog).toBeHidden();
    const { cards } = (await (await tableCards).json()) as { cards: { name: string }[] };
    expect(cards.map((c) => c.name).sort()).toEqual(["Arcane Signet", "Atraxa, Praetors' Voice", "Command Tower", "Sol Ring"]);

    // Everyone sees Atraxa on Ann's seat: in the players list and over her video tile.
    for (const { page } of [ann, ben, fan]) {
      const row = page.getByTestId("player-row").filter({ hasText: "Ann Decks" });
      await expect(row.getByTestId("seat-commander")).toHaveText("Atraxa, Praetors' Voice");
      await expectCommanderArt(page, row);
    }
    for (const { page } of [ben, fan]) {
      const tile = page.getByTestId("remote-tile").filter({ hasText: "Ann Decks" });
      await expect(tile.getByTestId("seat-commander")).toHaveText("Atraxa, Praetors' Voice");
      await expectCommanderArt(page, tile);
    }
    await expectNoSidewaysScroll(ben.page, "the room with a deck on a seat at 390 px");
    await expectAxeClean(fan.page, "the players list with a deck on a seat", '[data-testid="players-list"]');
    await reviewShot(ann.page, "room-cards-deck-on-seat-1366");
    await reviewShot(fan.page, "room-cards-deck-spectator-1366");
    await reviewShot(ben.page, "room-cards-deck-on-seat-390", { fullPage: true });

    // Ben (on a phone) pastes a list: it is saved and put on his seat, and the line that is no card is shown with why.
    await ben.page.getByTestId("players-list").getByRole("button", { name: "Choose your deck" }).click();
    const benDialog = ben.page.getByRole("dialog", { name: "Your deck at this table" });
    await expect(benDialog.getByText("No saved decks yet: add one below.")).toBeVisible();
    await benDialog.getByLabel("Deck name").fill("Goblins");
    await benDialog.getByLabel("Deck list or link").fill("Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Sol Ring\n1 Notacard Xyzzy\n");
    await benDialog.getByRole("button", { name: "Save and use" }).click();
    const leftOut = benDialog.getByTestId("unresolved-lines");
    await expect(leftOut).toContainText("Line 6: 1 Notacard Xyzzy");
    await expect(leftOut).toContainText('No card named "Notacard Xyzzy"');
    await expectNoSidewaysScroll(ben.page, "the deck dialog at 390 px");
    await reviewShot(ben.page, "room-cards-deck-unresolved-390");
    await benDialog.getByRole("button", { name: "Close" }).click();
    await expect(fan.page.getByTestId("player-row").filter({ hasText: "Ben Phone" }).getByTestId("seat-commander")).toHaveText(
      "Krenko, Mob Boss",
    );

    // Ben (on a phone) opens the card lookup from the table's action bar (a sheet, its name field focused) and looks up
    // Sol Ring from the keyboard: type, arrows to the name, Enter.
    await ben.page.getByTestId("table-bar").getByRole("button", { name: "Card lookup" }).click();
    const lookup = ben.page.getByRole("combobox", { name: "Card name" });
    await expect(lookup).toBeFocused();
    await lookup.fill("sol r");
    const names = ben.page.getByRole("listbox", { name: "Card names" });
    await expect(names.getByRole("option", { name: "Sol Ring", exact: true })).toBeVisible();
    // Escape closes the suggestions (the panel stays); an arrow opens them again.
    await lookup.press("Escape");
    await expect(names).toBeHidden();
    await expect(lookup).toHaveAttribute("aria-expanded", "false");
    await lookup.press("ArrowDown");
    await expect(names).toBeVisible();
    const options = await names.getByRole("option").allTextContents();
    for (let i = 0; i <= options.indexOf("Sol Ring"); i++) await lookup.press("ArrowDown");
    const active = await lookup.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    await expect(ben.page.locator(`[id="${active}"]`)).toHaveText("Sol Ring");
    await expect(names.getByRole("option", { name: "Sol Ring", exact: true })).toHaveAttribute("aria-selected", "true");
    await expectAxeClean(ben.page, "the card lookup with its suggestions open", '[data-testid="card-lookup"]');
    await lookup.press("Enter");
    const details = ben.page.getByTestId("card-lookup").getByTestId("card-details");
    await expect(details.getByTestId("oracle-text")).toHaveText("{T}: Add {C}{C}.");
    await expect(details.getByRole("img", { name: "Sol Ring" })).toBeVisible();
    await expectNoSidewaysScroll(ben.page, "the card lookup at 390 px");
    await reviewShot(ben.page, "room-cards-lookup-390");
    await ben.page.getByRole("button", { name: "Show to table" }).click();

    // The spectator opens it from the chat: its picture and its text.
    const line = fan.page.getByTestId("chat-card").filter({ hasText: "Sol Ring" });
    await expect(line).toBeVisible();
    await line.click();
    const shown = fan.page.getByRole("dialog", { name: "Sol Ring" });
    await expect(shown.getByTestId("oracle-text")).toHaveText("{T}: Add {C}{C}.");
    await expect(shown.getByRole("img", { name: "Sol Ring" })).toBeVisible();
    await reviewShot(fan.page, "room-cards-chat-card-1366");
    await shown.getByRole("button", { name: "Close" }).click();
    await expect(shown).toBeHidden();
    // And at phone width the chat line opens the same: the lookup's sheet closes on Escape, the chat's opens from the bar.
    await lookup.press("Escape");
    await expect(ben.page.getByRole("dialog", { name: "Card lookup" })).toBeHidden();
    await ben.page.getByTestId("table-bar").getByRole("button", { name: "Chat" }).click();
    await ben.page.getByTestId("chat-card").filter({ hasText: "Sol Ring" }).click();
    await expect(ben.page.getByRole("dialog", { name: "Sol Ring" }).getByTestId("oracle-text")).toBeVisible();
    await reviewShot(ben.page, "room-cards-chat-card-390");
    await ben.page.keyboard.press("Escape");

    // At 1366×768 the looked-up card has room to read (issue 37): a sheet beside the table, which stays in view, the
    // card's name on one line and its rules text in a column of a readable width.
    await fan.page.getByTestId("table-bar").getByRole("button", { name: "Card lookup" }).click();
    const fanSheet = fan.page.getByRole("dialog", { name: "Card lookup" });
    await fanSheet.getByRole("combobox", { name: "Card name" }).fill("Lightning Greaves");
    await fanSheet.getByRole("combobox", { name: "Card name" }).press("Enter");
    const greaves = fanSheet.getByTestId("card-details");
    await expect(greaves.getByTestId("oracle-text")).toContainText("Equipped creature has haste and shroud.");
    const nameBox = (await greaves.getByTestId("card-name").boundingBox())!;
    const nameLine = await greaves.getByTestId("card-name").evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(nameBox.height, "the card's name on one line").toBeLessThan(nameLine * 1.5);
    expect((await greaves.getByTestId("oracle-text").boundingBox())!.width, "the rules text's column").toBeGreaterThanOrEqual(200);
    const sheetBox = (await fanSheet.boundingBox())!;
    expect(sheetBox.y + sheetBox.height, "the lookup within the first screen").toBeLessThanOrEqual(DESKTOP.height);
    await expect(fan.page.getByTestId("remote-tile").first()).toBeInViewport();
    await reviewShot(fan.page, "room-cards-lookup-1366");

    // With the card service failing, the lookup says so and the room goes on.
    await cardServiceFailing(true);
    try {
      const fanLookup = fanSheet.getByRole("combobox", { name: "Card name" });
      await fanLookup.fill("counterspell");
      await expect(fan.page.getByTestId("card-lookup").getByRole("alert")).toHaveText("Card lookup is unavailable right now");
      await reviewShot(fan.page, "room-cards-lookup-unavailable-1366");
      await ann.page.getByRole("textbox", { name: "Chat message" }).fill("Still playing");
      await ann.page.getByRole("button", { name: "Send message" }).click();
      await expect(fan.page.getByTestId("chat-message").filter({ hasText: "Still playing" })).toBeVisible();
    } finally {
      await cardServiceFailing(false);
    }
  } finally {
    for (const m of [ann, ben, fan]) await m.context.close();
  }
});

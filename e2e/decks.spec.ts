import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, gotoHydrated, reviewShot, signIn, signInAsNewMember } from "./helpers";

// A Moxfield-style export with one line that names no card ("Sol Rnig"); the cards come from the fake card service
// (scripts/fakes/card-service.mjs), which scripts/e2e.mjs starts beside the Worker.
const EXPORT = [
  "Commander",
  "1 Krenko, Mob Boss (M13) 139",
  "",
  "Deck",
  "1 Goblin Chieftain",
  "1 Sol Rnig",
  "1 Sol Ring (CMR) 263 *F*",
  "30 Mountain",
].join("\n");

for (const width of [1366, 390]) {
  test(`a member checks a pasted deck, sees the line that is not a card, saves it and sees the commander's art (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsNewMember(page, "Deck", `Builder${width}`);
    await gotoHydrated(page, "/profile");
    const decks = page.getByTestId("profile-decks");
    await expect(decks.getByText("No decks saved yet.")).toBeVisible();

    await decks.getByLabel("Deck name").fill("Goblin party");
    await decks.getByLabel("Deck list").fill(EXPORT);
    await decks.getByRole("button", { name: "Check list" }).click();
    const lines = decks.getByRole("list", { name: "Lines not added" });
    await expect(lines.getByRole("listitem")).toHaveCount(1);
    await expect(lines).toContainText("Line 6:");
    await expect(lines).toContainText('No card named "Sol Rnig"');
    await expect(decks.getByText("33 cards found, led by Krenko, Mob Boss.")).toBeVisible();
    await expect(decks.getByLabel("Deck list")).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page);
    await reviewShot(page, `decks-check-${width}`, { fullPage: true });

    await decks.getByRole("button", { name: "Save deck" }).click();
    await expect(page.getByText("Deck saved", { exact: true })).toBeVisible();
    const saved = decks.getByRole("list", { name: "Saved decks" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText("Goblin party");
    await expect(saved).toContainText("Krenko, Mob Boss · 33 cards");
    // The commander's art comes from the card image host and has loaded (the CSP lets it in).
    const art = saved.getByRole("img", { name: "Krenko, Mob Boss" });
    await expect(art).toHaveAttribute("src", /\/images\/art_crop\/front\/.+\.jpg$/);
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await reviewShot(page, `decks-saved-${width}`, { fullPage: true });

    await saved.getByRole("button", { name: "Delete deck Goblin party" }).click();
    await expect(page.getByText("Deck deleted", { exact: true })).toBeVisible();
    await expect(decks.getByText("No decks saved yet.")).toBeVisible();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Decks card checks, saves and deletes with plain forms", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, "Nora", "Nojsdecks");
    await page.goto("/profile");
    const decks = page.getByTestId("profile-decks");
    await decks.getByLabel("Deck name").fill("Goblins, no scripts");
    await decks.getByLabel("Deck list").fill(EXPORT);
    await decks.getByRole("button", { name: "Check list" }).click();
    await expect(decks.getByRole("list", { name: "Lines not added" })).toContainText('No card named "Sol Rnig"');
    // What was typed comes back with the answer.
    await expect(decks.getByLabel("Deck list")).toHaveValue(EXPORT);
    await expect(decks.getByLabel("Deck name")).toHaveValue("Goblins, no scripts");
    await decks.getByRole("button", { name: "Save deck" }).click();
    await expect(page).toHaveURL(/\/profile#decks$/);
    const saved = decks.getByRole("list", { name: "Saved decks" }).getByRole("listitem");
    await expect(saved).toContainText("Goblins, no scripts");
    await expect(saved.getByRole("img", { name: "Krenko, Mob Boss" })).toBeVisible();
    await saved.getByRole("button", { name: "Delete deck Goblins, no scripts" }).click();
    await expect(decks.getByText("No decks saved yet.")).toBeVisible();
  });
});

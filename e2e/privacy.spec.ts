import { expect, test, type Page } from "./fixtures";
import { newMemberPage, reviewShot, signInAsNewMember, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function savePreferences(page: Page, location: string) {
  await page.getByRole("link", { name: "Matchmaking" }).first().click();
  await expect(page).toHaveURL(/\/matchmaking/);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Preferences" }).click();
  await page.getByLabel("Location").fill(location);
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences saved", { exact: true })).toBeVisible();
}

test("a member who hides their profile and online status: others find them offline and see a private profile; they still see it all", async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const location = `Privacy Town ${Date.now()}, Testland`;
  const bio = `Quiet planeswalker ${Date.now()}`;
  const priya = await newMemberPage(browser, "Priya", "Private", { viewport: DESKTOP });
  await priya.page.goto("/");
  await waitForHydration(priya.page);
  try {
    await savePreferences(priya.page, location);

    // Priya writes a bio and adds a link on her profile, then hides both in Settings > Privacy.
    await priya.page.getByTestId("user-menu").click();
    await priya.page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(priya.page).toHaveURL(/\/profile$/);
    await waitForHydration(priya.page);
    await priya.page.getByRole("button", { name: "Edit Profile" }).click();
    await priya.page.getByLabel("Bio").fill(bio);
    await priya.page.getByRole("button", { name: "Save" }).click();
    await expect(priya.page.getByTestId("profile-bio")).toHaveText(bio);
    await priya.page.getByLabel("Username").fill("priya_streams");
    await priya.page.getByRole("button", { name: "Add Link" }).click();
    await expect(priya.page.getByRole("list", { name: "Social links" })).toContainText("priya_streams");

    await priya.page.getByTestId("user-menu").click();
    await priya.page.getByRole("menuitem", { name: "Settings" }).click();
    const dialog = priya.page.getByRole("dialog", { name: "Settings" });
    await dialog.getByRole("tab", { name: "Privacy" }).click();
    await dialog.getByRole("switch", { name: "Profile visible" }).click();
    await dialog.getByRole("switch", { name: "Show online status" }).click();
    await expect(dialog.getByText("Other members see your bio, status and social links")).toBeVisible();
    await reviewShot(priya.page, "settings-privacy-1366");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(priya.page.getByText("Settings saved", { exact: true })).toBeVisible();

    // Her own profile still shows everything, with a note that others do not see it.
    await priya.page.reload();
    await expect(priya.page.getByTestId("profile-bio")).toHaveText(bio);
    await expect(priya.page.getByTestId("profile-private-note")).toHaveText(
      "Your bio, status and social links are hidden from other members.",
    );
    await expect(priya.page.getByRole("list", { name: "Social links" })).toContainText("priya_streams");

    // Oscar finds her in matchmaking (offline, no "last online") and opens her profile from the card.
    await signInAsNewMember(page, "Oscar", "Observer");
    await page.setViewportSize(DESKTOP);
    await savePreferences(page, location);
    await page.getByRole("tab", { name: "Find Players" }).click();
    await page.getByRole("button", { name: "Find Players" }).click();
    const card = page.getByTestId("match-card").filter({ hasText: "Priya Private" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Offline");
    await expect(card).not.toContainText("Online now");
    await expect(card).not.toContainText("Last online");
    await card.getByRole("link", { name: "Priya Private" }).click();
    await expect(page).toHaveURL(/\/profile\/[0-9a-f-]+$/);
    await expect(page.getByTestId("profile-name")).toHaveText("Priya Private");
    await expect(page.getByTestId("profile-private-note")).toHaveText("This member keeps their profile private.");
    await expect(page.getByText(bio)).toHaveCount(0);
    await expect(page.getByText("priya_streams")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Social Links" })).toHaveCount(0);
    await reviewShot(page, "private-profile-1366", { fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId("profile-private-note")).toBeVisible();
    await reviewShot(page, "private-profile-390", { fullPage: true });
  } finally {
    await priya.context.close();
  }
});

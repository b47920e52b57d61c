import { expect, test } from "@playwright/test";
import { chooseRealm, gotoHydrated, signInAsNewMember } from "./helpers";

test("a visitor sees the six communities (screenshots at 1280 and 390 px)", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/");
  await expect(page).toHaveTitle("Realmcast");
  await expect(page.getByTestId("community-card")).toHaveCount(6);
  await expect(page.getByTestId("community-count")).toHaveText("6");
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("landing-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("landing-390.png"), fullPage: true });
  // The demo dialog walks through four steps and closes with Escape.
  await page.getByRole("button", { name: "Watch Demo" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Step 1 of 4");
  for (let i = 0; i < 3; i++) await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("button", { name: "Start Over" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("sign in, choose a realm that themes the site and survives a reload, sign out", async ({ page }) => {
  await signInAsNewMember(page, "Theo", "Realm");
  await expect(page.getByTestId("member-avatar")).toHaveText("TR");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();

  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--rc-primary").trim());
  const before = await primary();
  await chooseRealm(page, "Duelcraft");
  await expect.poll(primary).not.toBe(before);
  const themed = await primary();
  expect(await page.evaluate(() => localStorage.getItem("selectedCommunityId"))).toBe("duelcraft");
  await page.reload();
  await expect(page.getByTestId("realm-selector")).toContainText("Duelcraft");
  expect(await primary()).toBe(themed);

  await chooseRealm(page, "All Realms");
  expect(await page.evaluate(() => localStorage.getItem("selectedCommunityId"))).toBe("null");

  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  const res = await page.request.get("/api/auth/user");
  expect(res.status()).toBe(401);
});

test("an unknown path shows Page Not Found with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found | Realmcast");
});

test("a visitor opening a member-only page is sent to sign-in and back", async ({ page }) => {
  await page.goto("/matchmaking");
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fmatchmaking/);
  await page.getByLabel("First name").fill("Back");
  await page.getByLabel("E-mail").fill(`back-${Date.now()}@e2e.realmcast.gg`);
  await page.getByRole("button", { name: "Sign in as a new member" }).click();
  await expect(page).toHaveURL(/\/matchmaking$/);
});

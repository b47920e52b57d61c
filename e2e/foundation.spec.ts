import { expect, test } from "./fixtures";
import { chooseCommunity, gotoHydrated, reviewShot, waitForHydration } from "./helpers";

test("a visitor sees the six communities and walks through the demo", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/");
  await expect(page).toHaveTitle("Realmcast");
  await expect(page.getByTestId("community-card")).toHaveCount(6);
  await expect(page.getByTestId("community-count")).toHaveText("6");
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await reviewShot(page, "landing-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, "landing-390", { fullPage: true });
  // The demo dialog walks through four steps and closes with Escape.
  await page.getByRole("button", { name: "Watch Demo" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Step 1 of 4");
  for (let i = 0; i < 3; i++) await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("button", { name: "Start Over" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

// The one journey through the sign-in page with scripts on (every other test signs in through its endpoint;
// e2e/no-js-events.spec.ts walks it with scripts off). The redirects themselves (returnTo, 404s) are checked
// in vitest: test/return-to.test.ts, test/member-pages.test.ts, test/foundation.test.ts.
test("a visitor opens a member page, signs in on the sign-in page and comes back; picks a realm that themes the site; signs out", async ({
  page,
}) => {
  await page.goto("/matchmaking");
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fmatchmaking/);
  await page.getByLabel("First name").fill("Theo");
  await page.getByLabel("Last name").fill("Realm");
  await page.getByLabel("E-mail").fill(`theo-${Date.now()}@e2e.realmcast.gg`);
  await page.getByRole("button", { name: "Sign in as a new member" }).click();
  await expect(page).toHaveURL(/\/matchmaking$/);
  await waitForHydration(page);
  await expect(page.getByTestId("member-avatar")).toHaveText("TR");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();

  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--rc-primary").trim());
  const before = await primary();
  await chooseCommunity(page, "Duelcraft");
  await expect.poll(primary).not.toBe(before);
  const themed = await primary();
  expect(await page.evaluate(() => localStorage.getItem("selectedCommunityId"))).toBe("duelcraft");
  await page.reload();
  await expect(page.getByTestId("realm-selector")).toContainText("Duelcraft");
  expect(await primary()).toBe(themed);

  await chooseCommunity(page, "All Realms");
  expect(await page.evaluate(() => localStorage.getItem("selectedCommunityId"))).toBe("null");

  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  const res = await page.request.get("/api/auth/user");
  expect(res.status()).toBe(401);
});

import { expect, test, type Page } from "./fixtures";
import { chooseCommunity, expectNoSidewaysScroll, newMemberPage, reviewShot, signInAsNewMember, waitForHydration } from "./helpers";

const toast = (page: Page, text: string) => page.locator("li[data-swipe-direction]", { hasText: text }).first();
const countOf = async (page: Page) => Number((await page.getByTestId("realm-member-count").first().innerText()).replace(/\D/g, ""));

test("join a realm from its dashboard, see it on the forum and the profile, leave it; the dashboard fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsNewMember(page, "Realm", "Joiner");
  await chooseCommunity(page, "Decksong");
  const membership = page.getByTestId("community-dashboard").getByTestId("realm-membership");
  await expect(membership.getByRole("button", { name: "Join this realm" })).toBeVisible();
  const before = await countOf(page);
  await membership.getByRole("button", { name: "Join this realm" }).click();
  await expect(toast(page, "Welcome to Decksong!")).toBeVisible();
  await expect(membership.getByRole("button", { name: "Leave Decksong" })).toBeVisible();
  expect(await countOf(page)).toBe(before + 1);
  await reviewShot(page, "realm-membership-dashboard-1366", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(membership.getByRole("button", { name: "Leave Decksong" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the realm dashboard at 390 px");
  await page.setViewportSize({ width: 1366, height: 900 });

  // The forum knows too.
  await page.goto("/community-forum");
  await waitForHydration(page);
  await expect(page.getByTestId("realm-membership").getByRole("button", { name: "Leave Decksong" })).toBeVisible();

  // And the profile lists the realm.
  await page.goto("/profile");
  await expect(page.getByTestId("profile-realms")).toContainText("Decksong");

  // Leave from the forum.
  await page.goto("/community-forum");
  await waitForHydration(page);
  await page.getByTestId("realm-membership").getByRole("button", { name: "Leave Decksong" }).click();
  await expect(toast(page, "You left Decksong")).toBeVisible();
  await expect(page.getByTestId("realm-membership").getByRole("button", { name: "Join this realm" })).toBeVisible();
});

test("joining works without JavaScript", async ({ browser }) => {
  const { context, page } = await newMemberPage(browser, "NoJs", "Joiner", { javaScriptEnabled: false });
  await page.goto("/community-forum?realm=bladeforge");
  await page.getByTestId("realm-membership").getByRole("button", { name: "Join this realm" }).click();
  await expect(page).toHaveURL(/\/community-forum\?realm=bladeforge$/);
  await expect(page.getByTestId("realm-membership").getByRole("button", { name: "Leave Bladeforge" })).toBeVisible();
  await context.close();
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated, signInAsNewMember } from "./helpers";
import { scaled } from "./time-budget";

const PUBLIC_PAGES = ["/", "/tablesync", "/community-forum", "/contact", "/help-center", "/getting-started", "/faq", "/api-docs"];
const MEMBER_PAGES = ["/", "/tablesync", "/calendar", "/matchmaking", "/tournaments", "/profile", "/social", "/community-forum"];
const THEMES = [null, "scry-gather", "pokestream-hub"] as const;

async function setRealm(page: Page, realm: string | null) {
  await page.evaluate((id) => {
    localStorage.setItem("selectedCommunityId", id ?? "null");
    document.cookie = `selectedCommunityId=${btoa(JSON.stringify(id))}; Path=/`;
  }, realm);
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`)
        .join(" | ")}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

// Each test walks eight pages and runs axe on each: 1 to 2.4 minutes on the 2-core machine when the other
// Playwright worker is busy too, hence a budget well above that.
const EIGHT_PAGES_TIMEOUT_MS = scaled(300_000);

for (const realm of THEMES) {
  test(`visitor pages have no serious axe violations (${realm ?? "default theme"})`, async ({ page }) => {
    test.setTimeout(EIGHT_PAGES_TIMEOUT_MS);
    await page.goto("/");
    await setRealm(page, realm);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page, `${path} (${realm ?? "default"}, signed out)`);
    }
  });

  test(`member pages have no serious axe violations (${realm ?? "default theme"})`, async ({ page }) => {
    test.setTimeout(EIGHT_PAGES_TIMEOUT_MS);
    await signInAsNewMember(page, "Axe", "Checker");
    await setRealm(page, realm);
    for (const path of MEMBER_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page, `${path} (${realm ?? "default"}, signed in)`);
    }
  });
}

test("dialogs trap focus and close with Escape; the header works from the keyboard", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Watch Demo" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByTestId("realm-selector").focus();
  await page.keyboard.press("Enter");
  // Opened from the keyboard, the menu focuses its first item; wait for that before moving on.
  await expect(page.getByRole("menuitemradio", { name: "All Realms" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "Scry & Gather" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("realm-selector")).toContainText("Scry & Gather");
});

test("member dialogs (create event, create tournament, new post, settings) trap focus and close with Escape", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signInAsNewMember(page, "Focus", "Keeper");
  await setRealm(page, "scry-gather");
  const dialogs: { path: string; open: () => Promise<void> }[] = [
    { path: "/calendar", open: () => page.getByRole("button", { name: "Create Event" }).first().click() },
    { path: "/tournaments", open: () => page.getByRole("button", { name: "Create Tournament" }).first().click() },
    { path: "/community-forum", open: () => page.getByRole("button", { name: "New Post" }).click() },
    {
      path: "/",
      open: async () => {
        await page.getByTestId("user-menu").click();
        await page.getByRole("menuitem", { name: "Settings" }).click();
      },
    },
  ];
  for (const { path, open } of dialogs) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await open();
    const dialog = page.getByRole("dialog");
    await expect(dialog, `dialog on ${path}`).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus stays in the dialog on ${path}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog, `Escape closes the dialog on ${path}`).toBeHidden();
  }
});

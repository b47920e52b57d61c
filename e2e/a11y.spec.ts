import { expect, test, type Page } from "./fixtures";
import { expectAxeClean, gotoHydrated, signIn, storeCommunity, transitionsEnded } from "./helpers";
import { scaled } from "./time-budget";

// axe (WCAG 2.1 AA) once per distinct page, in light and dark. The realms' palettes change colours only, and
// app/lib/community-themes.test.ts computes the contrast of every palette token in both modes, so the pages are
// scanned in the default palette; the realm dashboard and a realm's forum list, whose markup differs from the
// All Realms pages, are scanned in one realm.
//
// One load per page serves both modes: the page is scanned in light, then the browser's colour scheme turns dark
// and the page follows it live (app/lib/theme-mode.ts: a member or visitor on "system" gets the classes the
// server and the pre-paint script would have given a dark load), and it is scanned again once <html> says dark
// and every colour transition has ended. Loading each page twice took 36 loads where 18 check the same.
const PUBLIC_PAGES = ["/", "/tablesync", "/community-forum", "/contact", "/help-center", "/getting-started", "/faq", "/api-docs"];
const MEMBER_PAGES = ["/", "/tablesync", "/calendar", "/matchmaking", "/tournaments", "/profile", "/social", "/community-forum"];
const COMMUNITY_PAGES = ["/", "/community-forum"];

async function setMode(page: Page, mode: "light" | "dark") {
  await page.emulateMedia({ colorScheme: mode });
  await expect(page.locator(`html.${mode}`)).toHaveCount(1);
  await transitionsEnded(page);
}

/**
 * What a page shows only when opened, opened before its scan. /api-docs draws a route's fields, answer and errors
 * when the route is opened; every route's details share one markup, so one with query parameters and one with a
 * JSON body are opened (with all 118 drawn, axe took 9 s a scan of the page's 4,400 elements on the shared machine).
 */
const OPEN_BEFORE_SCAN: Record<string, (page: Page) => Promise<void>> = {
  "/api-docs": async (page) => {
    for (const [method, caption] of [
      ["get", "Query parameters"],
      ["post", "JSON body"],
    ]) {
      const route = page
        .getByTestId("api-route")
        .filter({ has: page.locator("code", { hasText: /^\/api\/forum\/posts$/ }) })
        .filter({ hasText: new RegExp(`^${method}`) });
      await route.locator("summary").click();
      await expect(route.locator("caption", { hasText: caption })).toBeVisible();
    }
  },
};

/** Loads the page in light, scans it, turns it dark in place and scans it again. */
async function scan(page: Page, path: string, label: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  await OPEN_BEFORE_SCAN[path]?.(page);
  await setMode(page, "light");
  await expectAxeClean(page, `${path} (light, ${label})`);
  await setMode(page, "dark");
  await expectAxeClean(page, `${path} (dark, ${label})`);
}

test("visitor pages have no serious axe violations (light and dark)", async ({ page }) => {
  test.setTimeout(scaled(240_000));
  for (const path of PUBLIC_PAGES) await scan(page, path, "signed out");
});

test("member pages have no serious axe violations (light and dark)", async ({ page }) => {
  test.setTimeout(scaled(300_000));
  await signIn(page, "Axe", "Checker");
  for (const path of MEMBER_PAGES) await scan(page, path, "signed in");
  await storeCommunity(page, "scry-gather");
  for (const path of COMMUNITY_PAGES) await scan(page, path, "signed in, Scry & Gather");
  await expect(page.getByRole("heading", { name: "Scry & Gather Forum", exact: true })).toBeVisible();
});

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
  await signIn(page, "Focus", "Keeper");
  await page.goto("/");
  await storeCommunity(page, "scry-gather");
  const dialogs: { path: string; open: () => Promise<void> }[] = [
    { path: "/calendar", open: () => page.getByRole("button", { name: "Create Event" }).first().click() },
    { path: "/tournaments", open: () => page.getByRole("button", { name: "Create Tournament" }).first().click() },
    { path: "/community-forum", open: () => page.getByRole("button", { name: "New Post" }).click() },
    {
      path: "/",
      open: async () => {
        await page.getByTestId("user-menu").click();
        await page.getByRole("menuitem", { name: "Settings" }).click();
        // The dialog's code arrives while a loading frame shows: the trap is checked on the dialog that stays.
        await expect(page.getByRole("dialog").getByRole("tab", { name: "General" })).toBeVisible();
      },
    },
  ];
  for (const { path, open } of dialogs) {
    await gotoHydrated(page, path);
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

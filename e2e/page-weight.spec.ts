import { expect, test, type Page, type Response } from "./fixtures";
import { gzipSync } from "node:zlib";
import { chooseCommunity, reviewShot, signInAsNewMember, waitForHydration } from "./helpers";

/** Every script the page downloads until the network is quiet: URL and gzip size of its body. */
async function scriptsOf(page: Page, path: string) {
  const responses: Response[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") responses.push(r);
  });
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(
    responses.map(async (r) => ({ url: new URL(r.url()).pathname, gzip: gzipSync(await r.body()).length })),
  );
  // The inline scripts (the partial route manifest, the loader data, the pre-paint script) count too.
  const inline = await page.evaluate(() => [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").join("\n"));
  return { scripts, inlineGzip: gzipSync(inline).length };
}

const KB = 1024;

// Issue 16: the landing page ships at most 100 KB of JavaScript (gzip). bench/page-weight.mjs checks the build's
// route graph; this checks what Chromium really downloads, so a chunk loaded eagerly after hydration counts too.
test("a visitor's first load of / downloads at most 100 KB of script (gzip); the header menus' code comes on first use", async ({
  page,
}) => {
  const { scripts, inlineGzip } = await scriptsOf(page, "/");
  const external = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`/ first load: ${scripts.length} scripts, ${(external / KB).toFixed(1)} KB gzip, inline ${(inlineGzip / KB).toFixed(1)} KB`);
  expect((external + inlineGzip) / KB).toBeLessThanOrEqual(100);
  // Lazy route discovery: no module with the whole route manifest.
  expect(scripts.map((s) => s.url).filter((u) => /\/manifest-[^/]+\.js$/.test(u))).toEqual([]);
  // Radix's menus, the toast region and the notification centre are not part of a first visit.
  expect(scripts.map((s) => s.url).filter((u) => /community-menu|account-menu|toast-region|notification-center/.test(u))).toEqual([]);

  // The first press of the realm selector opens it (the menu's code arrives on the way).
  const menuScripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") menuScripts.push(new URL(r.url()).pathname);
  });
  await page.getByTestId("realm-selector").click();
  await expect(page.getByRole("menuitemradio", { name: "Duelcraft" })).toBeVisible();
  expect(menuScripts.some((u) => u.includes("community-menu"))).toBe(true);
  await page.getByRole("menuitemradio", { name: "Duelcraft" }).click();
  await expect(page.getByTestId("realm-selector")).toContainText("Duelcraft");
  await expect(page.locator("html")).toHaveAttribute("data-community", "duelcraft");
});

test("header icons and realm art draw from their sprites, in the realm's colours", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  // An icon's <use> resolves to a drawing with a size (a missing symbol draws nothing).
  const iconBox = await page
    .getByRole("link", { name: "Realmcast home" })
    .locator("svg use")
    .evaluate((use) => {
      const box = (use as SVGUseElement).getBBox();
      return { width: box.width, height: box.height };
    });
  expect(iconBox.width).toBeGreaterThan(0);
  const card = page.locator('[data-testid="community-card"][data-realm="duelcraft"]');
  const art = card.locator('[data-realm-art="duelcraft"] use');
  expect(await art.evaluate((use) => (use as SVGUseElement).getBBox().width)).toBeGreaterThan(0);
  // The card wears Duelcraft's palette whatever realm the page has.
  const cardPrimary = await card.evaluate((el) => getComputedStyle(el).getPropertyValue("--rc-primary").trim());
  const pagePrimary = await page.locator("html").evaluate((el) => getComputedStyle(el).getPropertyValue("--rc-primary").trim());
  expect(cardPrimary).not.toBe(pagePrimary);
  await reviewShot(page, "page-weight-landing");
});

test("a member's first press opens the account menu and the notification centre, from the mouse and the keyboard", async ({ page }) => {
  await signInAsNewMember(page, "Menu", "Opener");
  await page.getByTestId("user-menu").click();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeHidden();
  await expect(page.getByTestId("user-menu")).toBeFocused();

  await page.reload();
  await waitForHydration(page);
  await page.getByTestId("notification-bell").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
  await expect(page.getByText("No notifications yet")).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await chooseCommunity(page, "Decksong");
  await expect(page.getByTestId("realm-selector")).toContainText("Decksong");
});

// The stylesheet comes inside the document (app/lib/inline-styles.tsx): no request for CSS before the first
// paint, and the text survives hydration and client navigations (it is never fetched again).
test("the page's styles come inline with the document and stay through client navigations, at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stylesheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "stylesheet") stylesheets.push(r.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  const styled = () =>
    page.evaluate(() => ({
      inline: document.getElementById("app-styles")?.textContent?.length ?? 0,
      styleElements: document.querySelectorAll("style").length,
      header: getComputedStyle(document.querySelector("header")!).position,
    }));
  const first = await styled();
  expect(first.inline).toBeGreaterThan(10_000);
  expect(first.header).toBe("sticky");

  // A visitor opens the menu sheet and goes to the forum without a document load.
  await page.getByTestId("menu-button").click();
  await page.getByRole("dialog").getByRole("link", { name: /forum/i }).first().click();
  await expect(page).toHaveURL(/\/community-forum/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await styled()).toEqual(first);
  await page.goBack();
  await expect(page.getByTestId("community-card").first()).toBeVisible();
  expect(await styled()).toEqual(first);
  expect(stylesheets).toEqual([]);
  await reviewShot(page, "inline-styles-phone");
});

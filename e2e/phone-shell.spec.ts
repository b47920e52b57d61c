import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoSidewaysScroll, gotoHydrated, reviewShot, signIn } from "./helpers";
import { scaled } from "./time-budget";

// Issue 15: on a phone the header's destinations live in a menu (a focus-trapping dialog sheet), tab bars
// stay on one line and the landing page's floating buttons never cover text.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const WIDE = { width: 1600, height: 900 };

const PUBLIC_DESTINATIONS: [string, string][] = [
  ["Home", "/"],
  ["TableSync", "/tablesync"],
  ["Forum", "/community-forum"],
];
const MEMBER_DESTINATIONS: [string, string][] = [
  ["Calendar", "/calendar"],
  ["Tournaments", "/tournaments"],
];

function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Opens the phone menu; the first time in a test, also checks that Tab keeps focus inside it. */
async function openMenu(page: Page, { checkFocusTrap = false } = {}): Promise<Locator> {
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  for (let i = 0; checkFocusTrap && i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await menu.evaluate((el) => el.contains(document.activeElement)), "focus stays in the menu").toBe(true);
  }
  return menu;
}

async function expectHeaderFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scrolling").toBeLessThanOrEqual(PHONE.width);
  // The old sideways-scrolling strip is gone; the menu button is the way in.
  await expect(page.getByRole("navigation", { name: "Main (compact)" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
}

test("phone menu as a visitor: every header destination, Sign In and Join Free", async ({ page, context }) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");
  await expectHeaderFits(page);
  const menu = await openMenu(page, { checkFocusTrap: true });
  await reviewShot(page, "phone-menu-visitor");
  await expect(menu.getByRole("link")).toHaveText(["Home", "TableSync", "Calendar", "Tournaments", "Forum", "Sign In", "Join Free"]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  for (const [label, path] of PUBLIC_DESTINATIONS) {
    await gotoHydrated(page, path === "/" ? "/tablesync" : "/");
    await (await openMenu(page)).getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(path);
    await expect(page.getByRole("dialog", { name: "Menu" }), `the menu closes after going to ${label}`).toBeHidden();
  }
  for (const [label, path] of MEMBER_DESTINATIONS) {
    await gotoHydrated(page, "/");
    await (await openMenu(page)).getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/api/login?returnTo=${encodeURIComponent(path)}`);
    await expect(page.getByRole("heading", { name: "Sign in to Realmcast" })).toBeVisible();
  }
  for (const label of ["Sign In", "Join Free"]) {
    await gotoHydrated(page, "/");
    await (await openMenu(page)).getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe("/api/login");
  }
  await context.clearCookies();
});

test("phone menu as a member: every destination, notifications, settings and sign out", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize(PHONE);
  await signIn(page, "Pocket", "Player");
  await gotoHydrated(page, "/");
  await expectHeaderFits(page);
  const menu = await openMenu(page, { checkFocusTrap: true });
  await reviewShot(page, "phone-menu-member");
  await expect(menu.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Home",
    "TableSync",
    "Calendar",
    "Tournaments",
    "Forum",
    "Profile",
  ]);
  await page.keyboard.press("Escape");

  const destinations = [...PUBLIC_DESTINATIONS, ...MEMBER_DESTINATIONS, ["Profile", "/profile"], ["Notifications", "/notifications"]];
  for (const [label, path] of destinations) {
    await gotoHydrated(page, path === "/" ? "/tablesync" : "/");
    await (await openMenu(page)).getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(path);
    await expect(page.getByRole("dialog", { name: "Menu" }), `the menu closes after going to ${label}`).toBeHidden();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  }

  await gotoHydrated(page, "/");
  await (await openMenu(page)).getByRole("button", { name: "Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Settings" });
  await expect(settings).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  // A link to /api/logout only asks (issue 23); the page fits the phone.
  await page.goto("/api/logout");
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the Sign out? page");
  await gotoHydrated(page, "/");

  await (await openMenu(page)).getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Join Free" })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  await page.goto("/api/login");
  await expect(page.getByRole("heading", { name: "Sign in to Realmcast" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the sign-in page");
});

/** Every tab of the list sits on the same line, and the list never widens the page. */
async function expectOneLine(page: Page, list: Locator, label: string) {
  await expect(list).toBeVisible();
  const tops = await list.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
  expect(tops.length, `${label} has tabs`).toBeGreaterThan(1);
  expect(new Set(tops).size, `${label} tabs on one line`).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} fits the page`).toBeLessThanOrEqual(PHONE.width);
}

test("tab bars stay on one line at 390 px (demo dialog, Social Hub); settings shows all five tabs", async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await expectOneLine(page, page.getByRole("tablist", { name: "Demo sections" }), "demo dialog");
  await reviewShot(page, "tabs-demo-390");
  await page.keyboard.press("Escape");

  await signIn(page, "Tab", "Row");
  await gotoHydrated(page, "/social");
  await expectOneLine(page, page.getByRole("tablist", { name: "Social Hub sections" }), "Social Hub");
  await reviewShot(page, "tabs-social-390");
  // A tab scrolled out of sight is still reachable.
  await page.getByRole("tab", { name: "Scheduled Posts" }).click();
  await expect(page.getByRole("tab", { name: "Scheduled Posts" })).toHaveAttribute("aria-selected", "true");

  // Settings' five tabs wrap instead (issue 37: a strip cut at "Ac…" hid Account and API tokens): every tab whole
  // and in view, the dialog no wider than the phone (e2e/settings-first-click.spec.ts walks them).
  await (await openMenu(page)).getByRole("button", { name: "Settings" }).click();
  const settingsTabs = page.getByRole("tablist", { name: "Settings sections" }).getByRole("tab");
  await expect(settingsTabs).toHaveCount(5);
  for (const tab of await settingsTabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "settings fits the page").toBeLessThanOrEqual(PHONE.width);
  await reviewShot(page, "tabs-settings-390");
});

/** Text on the page that the floating buttons are painted over (text inside the buttons aside). */
async function textUnder(page: Page) {
  return page.evaluate(() => {
    const group = document.querySelector('[data-testid="floating-actions"]');
    if (!group) return ["no floating actions"];
    const buttons = [...group.querySelectorAll("button")].map((b) => b.getBoundingClientRect());
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || group.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width === 0 || r.height === 0) continue;
        for (const b of buttons) {
          const left = Math.max(r.left, b.left);
          const right = Math.min(r.right, b.right);
          const top = Math.max(r.top, b.top);
          const bottom = Math.min(r.bottom, b.bottom);
          if (left >= right || top >= bottom) continue;
          // Covered means the button is painted over the text (not, say, the sticky header over the button).
          const onTop = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
          if (onTop && group.contains(onTop)) hits.push(node.textContent.trim().slice(0, 40));
        }
      }
    }
    return hits;
  });
}

for (const viewport of [PHONE, DESKTOP, WIDE]) {
  test(`Quick Match and Live Help cover no text at ${viewport.width} px, anywhere on the landing page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/");
    await expect(page.getByRole("button", { name: "Quick Match" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Live Help" })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += Math.floor(viewport.height / 2)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await textUnder(page), `text under the buttons at scroll ${y}`).toEqual([]);
    }
    await reviewShot(page, `floating-actions-${viewport.width}`);
  });
}

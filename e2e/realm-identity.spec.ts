import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewMember, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

// Issue 15: each realm looks like its own place, in light and dark, and stays accessible. For every realm
// and mode: axe (WCAG 2.1 AA) finds nothing serious on the dashboard, the forum and the calendar; headings
// use a sans (or mono) stack; the realm's hero art is drawn; and the dashboard is captured at desktop and
// phone width in test-results/.

const REALMS = ["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"] as const;
const MODES = ["light", "dark"] as const;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function selectRealm(page: Page, realm: string) {
  await page.evaluate((id) => {
    localStorage.setItem("selectedCommunityId", id);
    document.cookie = `selectedCommunityId=${btoa(JSON.stringify(id))}; Path=/`;
  }, realm);
}

async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`)
          .join(" | ")}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

/** The h1's font stack ends in a sans or mono generic family: never the browser's default serif. */
async function expectSansHeading(page: Page, label: string) {
  const family = await page
    .locator("h1")
    .first()
    .evaluate((h) => getComputedStyle(h).fontFamily);
  expect(family, `h1 font on ${label}`).toMatch(/(sans-serif|monospace)$/);
}

for (const realm of REALMS) {
  test(`${realm}: dashboard, forum and calendar in light and dark`, async ({ page }, testInfo) => {
    test.setTimeout(scaled(180_000));
    await page.setViewportSize(DESKTOP);
    await signInAsNewMember(page, "Realm", "Walker");
    await selectRealm(page, realm);
    for (const mode of MODES) {
      await page.emulateMedia({ colorScheme: mode });
      await page.setViewportSize(DESKTOP);
      await open(page, "/");
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${mode}\\b`));
      await expect(page.locator("html")).toHaveAttribute("data-community", realm);
      await expect(page.getByTestId("community-dashboard")).toHaveAttribute("data-realm", realm);
      await expect(page.locator(`[data-realm-hero="${realm}"] [data-realm-art="${realm}"]`)).toBeVisible();
      await expectSansHeading(page, `${realm} dashboard (${mode})`);
      await expectAxeClean(page, `${realm} dashboard (${mode})`);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${realm}-${mode}-1366.png`) });
      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scroll at 390 px").toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${realm}-${mode}-390.png`) });
      await page.setViewportSize(DESKTOP);

      await open(page, "/community-forum");
      await expect(page.locator(`[data-realm-hero="${realm}"]`)).toBeVisible();
      await expectSansHeading(page, `${realm} forum (${mode})`);
      await expectAxeClean(page, `${realm} forum (${mode})`);

      await open(page, "/calendar");
      await expectAxeClean(page, `${realm} calendar (${mode})`);
    }
  });
}

test("landing page realm cards each wear their own realm, in light and dark", async ({ page }, testInfo) => {
  test.setTimeout(scaled(90_000));
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await open(page, "/");
      const cards = page.getByTestId("community-card");
      await expect(cards).toHaveCount(6);
      const looks = await cards.evaluateAll((els) =>
        els.map((el) => {
          const icon = el.querySelector("span");
          return { realm: el.getAttribute("data-realm"), iconBg: icon ? getComputedStyle(icon).backgroundColor : "" };
        }),
      );
      expect(new Set(looks.map((l) => l.iconBg)).size, "six different realm colours").toBe(6);
      for (const { realm } of looks)
        await expect(page.locator(`[data-testid="community-card"][data-realm="${realm}"] [data-realm-art="${realm}"]`)).toHaveCount(1);
      await expectSansHeading(page, `landing (${mode})`);
      await expectAxeClean(page, `landing (${mode}, ${viewport.width} px)`);
      await page.getByRole("heading", { name: "Choose your realm" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`landing-cards-${mode}-${viewport.width}.png`) });
    }
  }
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { watchToasts } from "./fixtures";
import { scaled } from "./time-budget";

/** The site's origin: state-changing requests from an API context carry it, as a browser's do (CSRF guard). */
export function siteOrigin(): string {
  return new URL(test.info().project.use.baseURL ?? process.env.BASE_URL!).origin;
}

// The address's local part keeps the name's letters and digits only (a name may start with an emoji).
const uniqueEmail = (firstName: string) =>
  `${firstName.toLowerCase().replace(/[^a-z0-9]+/g, "") || "member"}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.realmcast.gg`;

/**
 * Signs a brand-new member in through the dev sign-in's endpoint, as epic-stack's `login` fixture does: the
 * session cookie lands in the page's browser context, and the page does not move. The sign-in page itself is
 * walked through once with scripts (e2e/foundation.spec.ts) and once without (e2e/no-js-events.spec.ts).
 */
export async function signIn(page: Page, firstName = "Player", lastName = "One"): Promise<{ email: string }> {
  const email = uniqueEmail(firstName);
  const res = await page.context().request.post("/api/login/dev", {
    form: { firstName, lastName, email },
    headers: { Origin: siteOrigin() },
    maxRedirects: 0,
  });
  expect(res.status(), `dev sign-in: ${await res.text()}`).toBe(303);
  return { email };
}

/** Signs in as a brand-new member (through the API), then opens / and waits for it to hydrate; returns their e-mail. */
export async function signInAsNewMember(page: Page, firstName = "Player", lastName = "One"): Promise<string> {
  const { email } = await signIn(page, firstName, lastName);
  await gotoHydrated(page, "/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  return email;
}

/**
 * Signs in through the dev sign-in page, a plain HTML form that works with JavaScript off, as a brand-new member;
 * returns their e-mail. For the journeys that are about the sign-in page itself.
 */
export async function signInWithoutScripts(page: Page, firstName = "Player", lastName = "One"): Promise<string> {
  const email = uniqueEmail(firstName);
  await page.goto("/api/login");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign in as a new member" }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  return email;
}

/** A separate browser context (its own cookies) signed in as a new member; its page has not navigated yet. */
export async function newMemberPage(browser: Browser, firstName: string, lastName = "Tester", options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await watchToasts(context);
  const page = await context.newPage();
  await signIn(page, firstName, lastName);
  return { context, page };
}

/** A call to the API with the page's cookies and the site's Origin; fails the test unless it succeeds. */
export async function api<T = any>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const res = await page.context().request.fetch(path, { method, data, headers: { Origin: siteOrigin() } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

/** Picks a realm in the header's realm selector. */
export async function chooseCommunity(page: Page, displayName: string) {
  await waitForHydration(page);
  await page.getByTestId("realm-selector").click();
  await page.getByRole("menuitemradio", { name: displayName }).click();
}

/** Chooses a realm the way the header stores it (cookie and local storage), for the next page load; the page must be on the site. */
export async function storeCommunity(page: Page, community: string | null) {
  await page.evaluate((id) => {
    localStorage.setItem("selectedCommunityId", id ?? "null");
    document.cookie = `selectedCommunityId=${btoa(JSON.stringify(id))}; Path=/`;
  }, community);
}

/** Waits until React has hydrated the page (root sets data-hydrated), so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
}

/** Opens a room page as a member and waits for its live room: hydrated, and the room's socket connected. */
export async function openRoom(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.getByText("Connected", { exact: true })).toBeVisible({ timeout: scaled(20_000) });
}

/** Navigates and waits for hydration. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Waits until React has hydrated the header and, on a member's /, the dashboard (its own lazily loaded
 * chunk, whose server-rendered buttons do nothing until it arrives).
 */
export async function waitForMainHydration(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        ['[data-testid="user-menu"]', "main button"].every((selector) => {
          const el = document.querySelector(selector);
          return !el || Object.keys(el).some((k) => k.startsWith("__reactFiber"));
        }),
      ),
    )
    .toBe(true);
}

/**
 * Every CSS transition running in the page has ended: colours mid-transition (`transition-colors`) read, or scanned
 * by axe, halfway between a mode's and the other's. Only transitions: a spinner's animation never ends.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe (WCAG 2.1 A and AA) finds nothing serious or critical in the page, or in the part `include` selects. */
export async function expectAxeClean(page: Page, label: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`)
          .join(" | ")}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

/** The page never scrolls sideways at its current width. */
export async function expectNoSidewaysScroll(page: Page, label = "the page") {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(width);
}

/**
 * A screenshot for a person to look at, taken only when asked (E2E_SCREENSHOTS=1): nothing compares them, so a
 * normal run does not pay for them. Failures get their own screenshot and trace (playwright.config.ts).
 */
export async function reviewShot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), ...options });
}

/** Opens Settings from the account menu on its "API tokens" tab; answers the dialog. */
export async function openTokensTab(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByRole("tab", { name: "API tokens" }).click();
  await expect(dialog.getByRole("heading", { name: "New token", exact: true })).toBeVisible();
  return dialog;
}

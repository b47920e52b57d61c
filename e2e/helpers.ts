import { expect, type Browser, type Page } from "@playwright/test";

/**
 * Signs in through the dev sign-in page (a plain HTML form, so this also works with JavaScript off) as a
 * brand-new member; returns their e-mail.
 */
export async function signInWithoutScripts(page: Page, firstName = "Player", lastName = "One"): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.realmcast.gg`;
  await page.goto("/api/login");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign in as a new member" }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  return email;
}

/** Signs in as a brand-new member and waits for the page to hydrate; returns their e-mail. */
export async function signInAsNewMember(page: Page, firstName = "Player", lastName = "One"): Promise<string> {
  const email = await signInWithoutScripts(page, firstName, lastName);
  await waitForHydration(page);
  return email;
}

/** A separate browser context (its own cookies) signed in as a new member. */
export async function newMemberPage(browser: Browser, firstName: string, lastName = "Tester") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsNewMember(page, firstName, lastName);
  return { context, page };
}

/** Picks a realm in the header's realm selector. */
export async function chooseRealm(page: Page, displayName: string) {
  await waitForHydration(page);
  await page.getByTestId("realm-selector").click();
  await page.getByRole("menuitemradio", { name: displayName }).click();
}

/** Waits until React has hydrated the page (root sets data-hydrated), so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
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

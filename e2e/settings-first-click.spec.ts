import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, gotoHydrated, reviewShot, signIn, waitForHydration } from "./helpers";

/**
 * Issue 37, "Pages that answer the first time": the avatar menu answers a click made while the page is still
 * loading; Settings shows that it is loading the moment it is chosen (and its code is fetched when the member points
 * at it); every Settings tab is reachable at 390 px; the footer's Save is only where it saves.
 */

test("the avatar menu opens on a click made before the page has hydrated, and is handed over to the real menu", async ({ page }) => {
  await signIn(page, "Early", "Avatar");
  // The page's scripts are held until the click has been made, so it surely lands before hydration.
  let releaseScripts: () => void = () => {};
  const clicked = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/**", async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByTestId("user-menu").click();
  // Answered at once, by the browser itself: Profile, Settings, Sign Out.
  const early = page.getByTestId("user-menu-early");
  await expect(early.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(early.getByRole("button", { name: "Settings" })).toBeVisible();
  await expect(early.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(0);
  await reviewShot(page, "avatar-menu-before-hydration");
  releaseScripts();
  await waitForHydration(page);
  // Hydrated, the menu the member opened stays open as the real one.
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(early).toHaveCount(0);
  await page.unroute("**/assets/**");

  // Settings' code is fetched when the member points at it; choosing it shows a loading panel at once.
  let releaseDialog: () => void = () => {};
  const shown = new Promise<void>((resolve) => (releaseDialog = resolve));
  let asked = false;
  await page.route("**/assets/settings-dialog-*.js", async (route) => {
    asked = true;
    await shown;
    await route.continue();
  });
  await page.getByRole("menuitem", { name: "Settings" }).hover();
  await expect.poll(() => asked, { message: "the dialog's code is asked for on hover" }).toBe(true);
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const loading = page.getByTestId("settings-loading");
  await expect(loading).toBeVisible();
  await expect(loading.getByRole("status")).toHaveText("Loading settings…");
  await reviewShot(page, "settings-loading-1366");
  releaseDialog();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("tab", { name: "General" })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("Save Changes is only on the tabs it saves; a typed webhook is not reported saved by the footer", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Footer", "Check");
  await gotoHydrated(page, "/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeVisible();

  await dialog.getByRole("tab", { name: "API tokens" }).click();
  await dialog.getByLabel("Name").fill("Footer bot");
  await dialog.getByRole("button", { name: "Create Token" }).click();
  await expect(dialog.getByRole("textbox", { name: "New token", exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Done", exact: true }).click();
  await expect(dialog.getByTestId("token-webhook")).toBeVisible();
  await dialog.getByLabel("Webhook URL").fill("https://bot.example.com/realmcast");
  // No footer Save on this tab: the webhook is saved by its own button, and the footer says so.
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Reset to Defaults" })).toBeHidden();
  await expect(dialog.getByTestId("settings-footer-note")).toHaveText("Each button on this tab acts at once.");
  await expect(dialog.getByRole("button", { name: "Set Webhook" })).toBeEnabled();
  await reviewShot(page, "settings-tokens-footer-1366");
  await dialog.getByRole("tab", { name: "Account" }).click();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeHidden();
  await dialog.getByRole("tab", { name: "Privacy" }).click();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeVisible();
  await expect(page.getByText("Settings saved", { exact: true })).toHaveCount(0);
});

test("at 390 px every Settings tab is in view and reachable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "Phone", "Tabs");
  await gotoHydrated(page, "/");
  await page.getByTestId("menu-button").click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  const tabs = dialog.getByRole("tablist", { name: "Settings sections" }).getByRole("tab");
  await expect(tabs).toHaveCount(5);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, "the settings dialog at 390 px");
  await reviewShot(page, "settings-tabs-390");
  for (const [name, shows] of [
    ["Account", dialog.getByRole("button", { name: "Delete Account" })],
    ["API tokens", dialog.getByRole("heading", { name: "New token", exact: true })],
    ["Privacy", dialog.getByRole("heading", { name: "Blocked members" })],
  ] as const) {
    await dialog.getByRole("tab", { name }).click();
    await expect(shows).toBeVisible();
  }
  await reviewShot(page, "settings-privacy-390");
});

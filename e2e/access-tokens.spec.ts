import { expect, test, type Page } from "./fixtures";
import { expectAxeClean, expectNoSidewaysScroll, gotoHydrated, openTokensTab, reviewShot, signInAsNewMember } from "./helpers";
import { withSlowCpu } from "./slow-cpu";

// The Copy button writes the token to the clipboard; the test reads it back from there.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** Creates a token in the open tab and answers it as copied with the Copy button. */
async function createToken(page: Page, name: string, scopes: string[]) {
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Name").fill(name);
  for (const scope of ["rooms:read", "rooms:write", "events:read", "events:write", "results:read"]) {
    await dialog.getByRole("checkbox", { name: scope, exact: true }).setChecked(scopes.includes(scope));
  }
  await dialog.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await dialog.getByRole("button", { name: "Create Token" }).click();
  const shown = dialog.getByRole("textbox", { name: "New token", exact: true });
  await expect(shown).toHaveValue(/^rc_pat_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await shown.inputValue());
  await expect(dialog.getByTestId("access-token").filter({ hasText: name })).toContainText(copied.slice(0, 13));
  return copied;
}

test("a member creates API tokens in settings, a bot uses one, and a revoked token gets 401", async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsNewMember(page, "Tova", "Tokens");
  const dialog = await openTokensTab(page);
  await expect(dialog.getByText("No tokens yet.")).toBeVisible();
  const deskToken = await createToken(page, "Desk bot", ["rooms:read"]);
  await reviewShot(page, "access-tokens-1366");
  await expectAxeClean(page, "the API tokens tab", '[role="dialog"]');

  // The bot: no cookie, no Origin, only the token.
  const bot = await playwright.request.newContext({ baseURL });
  const listed = await bot.get("/api/game-sessions?status=waiting", { headers: { Authorization: `Bearer ${deskToken}` } });
  expect(listed.status(), await listed.text()).toBe(200);
  expect(Array.isArray(await listed.json())).toBe(true);
  const refused = await bot.get("/api/tokens", { headers: { Authorization: `Bearer ${deskToken}` } });
  expect(refused.status()).toBe(403);

  // Once closed, the secret is gone: the list shows the prefix only.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await openTokensTab(page);
  await expect(dialog.getByRole("textbox", { name: "New token", exact: true })).toHaveCount(0);
  await expect(dialog.getByTestId("access-token")).toHaveCount(1);
  await expect(dialog.getByTestId("access-token")).toContainText("Last used");
  const phoneToken = await createToken(page, "Phone bot", ["rooms:read", "events:read"]);
  expect(phoneToken).not.toBe(deskToken);
  await expectNoSidewaysScroll(page, "the API tokens tab at 390 px");
  await reviewShot(page, "access-tokens-390");

  // Revoke takes its row away with the answer; on a slow phone both came in one render (Remix's transitions) and
  // the row's own toast never showed: a CPU 20× slower makes that the usual case.
  await withSlowCpu(page, async () => {
    page.once("dialog", (confirm) => void confirm.accept());
    await dialog.getByRole("button", { name: "Revoke Desk bot" }).click();
    await expect(page.getByText("Token revoked", { exact: true })).toBeVisible();
    await expect(dialog.getByTestId("access-token")).toHaveCount(1);
    await expect(dialog.getByTestId("access-token")).toContainText("Phone bot");
  });
  await reviewShot(page, "access-tokens-revoked-390");

  const after = await bot.get("/api/game-sessions", { headers: { Authorization: `Bearer ${deskToken}` } });
  expect(after.status()).toBe(401);
  const other = await bot.get("/api/events", { headers: { Authorization: `Bearer ${phoneToken}` } });
  expect(other.status()).toBe(200);
  await bot.dispose();
});

test("the Build a bot article reads at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/help-center");
  await page.getByRole("link", { name: "Build a bot" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Build a bot" })).toBeVisible();
  await expect(page.getByText("Authorization: Bearer rc_pat_YOUR_TOKEN").first()).toBeVisible();
  await expectNoSidewaysScroll(page, "the Build a bot article");
  await expectAxeClean(page, "the Build a bot article");
  await reviewShot(page, "build-a-bot-390", { fullPage: true });
});

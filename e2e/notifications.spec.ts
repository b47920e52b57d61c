import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewMember, waitForMainHydration } from "./helpers";
import { scaled } from "./time-budget";

/**
 * The notification badge, list and actions, on notifications of three different ages. Nothing in the
 * product creates a notification dated 5 minutes, 2 hours and 3 days ago, so this test writes them
 * straight into the e2e server's D1 file. That write takes SQLite's lock from outside workerd: a query
 * the server runs at the same instant fails with SQLITE_BUSY (seen once in a clean-clone run, as a
 * 500 on another test's page). playwright.config.ts therefore runs this file in the "solo" project,
 * with no other test beside it.
 */

/** Runs SQL against the e2e server's local D1 (scripts/e2e.mjs exports its persist directory). */
function writeToServerD1(sql: string) {
  const persistTo = process.env.E2E_PERSIST_TO;
  if (!persistTo) throw new Error("E2E_PERSIST_TO is not set: run through scripts/e2e.mjs");
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql], {
    stdio: "ignore",
    env: { ...process.env, CI: "true" },
  });
}

async function memberId(page: Page): Promise<string> {
  const res = await page.request.get("/api/auth/user");
  return (await res.json()).id;
}

test("notifications arrive on the badge without a reload and can be read and removed", async ({ page }) => {
  await signInAsNewMember(page, "Nora", "Notes");
  const id = await memberId(page);
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications");
  await waitForMainHydration(page);
  writeToServerD1(
    `INSERT INTO notifications (id, user_id, type, title, message, action_url, created_at) VALUES
     ('${crypto.randomUUID()}', '${id}', 'event', 'Pod tonight', 'Your pod starts at 19:00', '/calendar', CAST(unixepoch('now','-5 minutes') * 1000 AS INTEGER)),
     ('${crypto.randomUUID()}', '${id}', 'friend_request', 'Friend request', 'Sam wants to be friends', NULL, CAST(unixepoch('now','-2 hours') * 1000 AS INTEGER)),
     ('${crypto.randomUUID()}', '${id}', 'message', 'Old news', 'From last week', NULL, CAST(unixepoch('now','-3 days') * 1000 AS INTEGER))`,
  );
  // The badge polls every 10 s while the tab is visible.
  await expect(page.getByTestId("unread-badge")).toHaveText("3", { timeout: scaled(20_000) });

  await bell.click();
  const items = page.getByTestId("notification-item");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Pod tonight");
  await expect(items.nth(0)).toContainText("5m ago");
  await expect(items.nth(1)).toContainText("2h ago");
  await page.getByRole("button", { name: "Mark as read: Pod tonight" }).click();
  await expect(items.nth(0)).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("unread-badge")).toHaveText("2");
  await page.getByRole("button", { name: "Remove notification: Old news" }).click();
  await expect(items).toHaveCount(2);
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("All notifications marked as read", { exact: true })).toBeVisible();
  await expect(page.getByTestId("unread-badge")).toBeHidden();

  await page.reload();
  await expect(bell).toHaveAccessibleName("Notifications");
  await waitForMainHydration(page);
  await bell.click();
  await expect(items).toHaveCount(2);
  for (const title of ["Pod tonight", "Friend request"]) {
    await page.getByRole("button", { name: `Remove notification: ${title}` }).click();
  }
  await expect(page.getByText("No notifications yet")).toBeVisible();
});

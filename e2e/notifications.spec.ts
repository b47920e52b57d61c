import { expect, test } from "./fixtures";
import { api, signInAsNewMember, waitForMainHydration } from "./helpers";

// The notification badge, list and actions, on notifications of three ages. Nothing in the product creates a
// notification dated 5 minutes, 2 hours and 3 days ago, so the test seeds them through the Worker's dev-only seed
// (workers/auth/dev-seed.ts), with the member's own cookie.

test("notifications arrive on the badge without a reload and can be read and removed", async ({ page }) => {
  // The badge polls every 10 s while the tab is visible: the test moves the page's clock instead of waiting.
  await page.clock.install();
  await signInAsNewMember(page, "Nora", "Notes");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications");
  await waitForMainHydration(page);
  await api(page, "POST", "/__dev/notifications", {
    notifications: [
      { type: "event", title: "Pod tonight", message: "Your pod starts at 19:00", actionUrl: "/calendar", minutesAgo: 5 },
      { type: "friend_request", title: "Friend request", message: "Sam wants to be friends", minutesAgo: 120 },
      { type: "message", title: "Old news", message: "From last week", minutesAgo: 3 * 24 * 60 },
    ],
  });
  await page.clock.runFor(10_000);
  await expect(page.getByTestId("unread-badge")).toHaveText("3");

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

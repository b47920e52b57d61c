import { expect, test } from "./fixtures";
import { reviewShot, signInAsNewMember, waitForHydration } from "./helpers";

test("a social link opens the member's page on the platform in a new tab", async ({ page }) => {
  await signInAsNewMember(page, "Lina", "Links");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await waitForHydration(page);
  await page.getByLabel("Platform").selectOption("twitch");
  await page.getByLabel("Username").fill("lina_plays");
  await page.getByRole("button", { name: "Add Link" }).click();
  const link = page.getByRole("link", { name: /lina_plays/ });
  await expect(link).toHaveAttribute("href", "https://www.twitch.tv/lina_plays");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  // A name no profile URL can be built from stays plain text.
  await page.getByLabel("Platform").selectOption("discord");
  await page.getByLabel("Username").fill("lina#0042");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByRole("list", { name: "Social links" })).toContainText("lina#0042");
  await expect(page.getByRole("link", { name: /lina#0042/ })).toHaveCount(0);
});

test("Social Hub warns per platform when a post is too long, and asks before deleting a post", async ({ page }) => {
  await signInAsNewMember(page, "Wren", "Warnings");
  await page.getByRole("link", { name: "Social Hub" }).first().click();
  await expect(page).toHaveURL(/\/social$/);
  await expect(page.getByRole("heading", { name: "Social Hub" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("switch", { name: "Bluesky connected" }).click();
  await page.getByRole("tab", { name: "Create Post" }).click();
  const warnings = page.getByTestId("length-warnings");

  await page.getByLabel("Post content").fill("x".repeat(290));
  await page.getByRole("switch", { name: "Post to Twitter/X" }).click();
  await page.getByRole("switch", { name: "Post to Discord" }).click();
  await expect(warnings).toHaveText("Too long for Twitter/X: 290 of 280 characters");
  await page.getByRole("switch", { name: "Post to Bluesky" }).click();
  await expect(warnings).toHaveText("Too long for Twitter/X: 290 of 280 characters");
  await page.getByLabel("Post content").fill("y".repeat(301));
  await expect(warnings.getByRole("listitem")).toHaveText([
    "Too long for Twitter/X: 301 of 280 characters",
    "Too long for Bluesky: 301 of 300 characters",
  ]);
  await reviewShot(page, "social-length-warnings");
  await page.getByRole("switch", { name: "Post to Twitter/X" }).click();
  await page.getByRole("switch", { name: "Post to Bluesky" }).click();
  await expect(warnings.getByRole("listitem")).toHaveCount(0);

  const text = `Deck tech tonight ${Date.now()}`;
  await page.getByLabel("Post content").fill(text);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Post Created", { exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Scheduled Posts" }).click();
  const post = page.getByTestId("social-post").filter({ hasText: text });
  await post.getByRole("button", { name: /^Delete post:/ }).click();
  const confirm = post.getByRole("group", { name: "Confirm deletion" });
  await expect(confirm).toContainText("Delete this post? This cannot be undone.");
  await expect(confirm.getByRole("button", { name: "Keep" })).toBeFocused();
  await confirm.getByRole("button", { name: "Keep" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(post).toBeVisible();

  await post.getByRole("button", { name: /^Delete post:/ }).click();
  // The post leaves the list at once (optimistic); wait for the server's answer before reloading, or the reload
  // would cancel the request.
  const deleted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/social"));
  await post.getByRole("button", { name: "Delete post", exact: true }).click();
  await expect(page.getByTestId("social-post").filter({ hasText: text })).toHaveCount(0);
  expect((await deleted).ok()).toBe(true);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Scheduled Posts" }).click();
  await expect(page.getByText("No posts yet. Create one in the Create Post tab.")).toBeVisible();
});

test("the settings dialog keeps its size between tabs, at desktop and phone width", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsNewMember(page, "Sid", "Settings");
  for (const viewport of [
    { name: "desktop", width: 1366, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await expect(dialog.getByLabel("Name")).toBeVisible();
    const sizes: { tab: string; width: number; height: number }[] = [];
    for (const tab of ["General", "Notifications", "Privacy", "Account", "General"]) {
      await dialog.getByRole("tab", { name: tab }).click();
      await expect(dialog.getByRole("tab", { name: tab })).toHaveAttribute("data-state", "active");
      const box = (await dialog.boundingBox())!;
      sizes.push({ tab, width: Math.round(box.width), height: Math.round(box.height) });
    }
    await reviewShot(page, `settings-account-tab-${viewport.name}`);
    for (const size of sizes) expect(size, `${viewport.name}: ${size.tab}`).toEqual({ ...sizes[0], tab: size.tab });
    // Only the chosen panel can be reached.
    await dialog.getByRole("tab", { name: "Account" }).click();
    await expect(dialog.getByRole("button", { name: "Delete Account" })).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

import { expect, test } from "./fixtures";
import {
  chooseCommunity,
  expectAxeClean,
  expectNoSidewaysScroll,
  reviewShot,
  signIn,
  signInAsNewMember,
  waitForMainHydration,
} from "./helpers";

function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test("edit the profile on the profile page, add a social link, see it after reload", async ({ page }) => {
  await signIn(page, "Petra", "Page");
  await page.goto("/profile");
  await expect(page).toHaveTitle("Profile | Realmcast");
  await waitForMainHydration(page);
  await expect(page.getByTestId("profile-bio")).toHaveText("No bio available");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Bio").fill("Lorcana storyteller and Friday streamer.");
  await page.getByLabel("Status").selectOption("gaming");
  await page.getByLabel("Primary community").selectOption("decksong");
  // Cancel restores the stored profile.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("profile-bio")).toHaveText("No bio available");

  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("First name").fill("  Petronella ");
  await page.getByLabel("Bio").fill("Lorcana storyteller and Friday streamer.");
  await page.getByLabel("Status").selectOption("gaming");
  await page.getByLabel("Primary community").selectOption("decksong");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully!", { exact: true })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("Petronella Page");
  await expect(page.getByTestId("profile-bio")).toHaveText("Lorcana storyteller and Friday streamer.");
  await expect(page.getByTestId("profile-status")).toHaveText("Gaming");

  await expect(page.getByText("No social links added")).toBeVisible();
  await page.getByLabel("Platform").selectOption("discord");
  await expect(page.getByLabel("Username")).toHaveAttribute("placeholder", "Username#1234");
  await page.getByLabel("Username").fill("petra#0042");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByRole("list", { name: "Social links" })).toContainText("petra#0042");

  await page.reload();
  await expect(page.getByTestId("profile-bio")).toHaveText("Lorcana storyteller and Friday streamer.");
  await waitForMainHydration(page);
  await expect(page.getByText("Primary realm: Decksong", { exact: false })).toBeVisible();
  for (const label of ["Friends", "Events Joined", "Events Hosted"]) await expect(page.getByText(label)).toBeVisible();
  // A profile that does not exist (404, "User Not Found"): test/profile-home-dashboard.test.ts.
});

test("home dashboards: All Realms, edit profile in the dialog, realm dashboards", async ({ page }) => {
  await signInAsNewMember(page, "Dana", "Dialog");
  await expect(page.getByRole("heading", { name: "Welcome back, Dana!" })).toBeVisible();
  await waitForMainHydration(page);
  await page.getByRole("button", { name: "Start Streaming Session" }).click();
  await expect(page.getByText("Choose a gaming community to start your streaming session.", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog.getByLabel("First name")).toHaveValue("Dana");
  await expect(dialog.getByLabel("Last name")).toHaveValue("Dialog");
  await dialog.getByLabel("First name").fill(" Dorothea ");
  await dialog.getByLabel("Primary community").selectOption("duelcraft");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Profile updated successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back, Dorothea!" })).toBeVisible();
  await expect(page.getByTestId("member-avatar")).toHaveText("DD");
  await expect(page.getByTestId("profile-avatar")).toHaveText("DD");

  await chooseCommunity(page, "Duelcraft");
  const dashboard = page.getByTestId("community-dashboard");
  await expect(dashboard).toHaveAttribute("data-realm", "duelcraft");
  await expect(dashboard.getByRole("heading", { name: "Welcome back, Dorothea!" })).toBeVisible();
  await expect(dashboard.getByText("Shadow Realm")).toBeVisible();
  await expect(dashboard.getByRole("heading", { name: "Duels Calendar" })).toBeVisible();

  await chooseCommunity(page, "Scry & Gather");
  await expect(dashboard).toHaveAttribute("data-realm", "scry-gather");
  await expect(dashboard.getByText("Game Pod Calendar - Coming Soon")).toBeVisible();
  await expect(dashboard.getByText("Guild Hall")).toBeVisible();
  // The realm's dashboard is server-rendered after a reload too.
  await page.reload();
  await expect(page.getByTestId("community-dashboard")).toHaveAttribute("data-realm", "scry-gather");
  await waitForMainHydration(page);
  await chooseCommunity(page, "All Realms");
  await expect(page.getByRole("heading", { name: "Community activity" })).toBeVisible();
});

test("choose the dark theme in Settings: applied at once and after a reload", async ({ page }) => {
  await signInAsNewMember(page, "Theo", "Dark");
  const htmlClass = () => page.evaluate(() => document.documentElement.className);
  await waitForMainHydration(page);
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByLabel("Theme")).toHaveValue("system");
  await expect(dialog.getByLabel("E-mail")).toHaveJSProperty("readOnly", true);
  await dialog.getByLabel("Theme").selectOption("light");
  await expect.poll(htmlClass).toContain("light");
  await dialog.getByLabel("Theme").selectOption("dark");
  await expect.poll(htmlClass).toContain("dark");
  await dialog.getByRole("tab", { name: "Notifications" }).click();
  await dialog.getByRole("switch", { name: "Weekly digest" }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  // The first Escape closes the dialog, toast or not, and the page takes clicks again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).pointerEvents)).not.toBe("none");
  await page.reload();
  expect(await htmlClass()).toBe("dark");
  await waitForMainHydration(page);
  const saved = await (await page.request.get("/api/user/settings")).json();
  expect(saved).toMatchObject({ theme: "dark", notificationSettings: { weeklyDigest: false } });

  // Reset restores defaults in the form only, until saved.
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await dialog.getByRole("button", { name: "Reset to Defaults" }).click();
  await expect(page.getByText("All settings have been reset to defaults.", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Theme")).toHaveValue("system");
  expect((await (await page.request.get("/api/user/settings")).json()).theme).toBe("dark");
  // Closing without saving undoes the preview.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(htmlClass).toBe("dark");
});

test("schedule a social post and see it under Scheduled Posts", async ({ page }) => {
  await signIn(page, "Sasha", "Social");
  await page.goto("/social");
  await expect(page).toHaveTitle("Social | Realmcast");
  await waitForMainHydration(page);
  await expect(page.getByRole("switch", { name: "Twitter/X connected" })).toBeChecked();
  await page.getByRole("switch", { name: "Bluesky connected" }).click();
  await expect(page.getByText("Connecting to Bluesky...", { exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Create Post" }).click();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Please add content and select at least one platform", { exact: true })).toBeVisible();
  const text = "Live tonight at 8: Duelcraft locals coverage!";
  await page.getByLabel("Post content").fill(text);
  await expect(page.getByTestId("post-counter")).toHaveText(`${text.length}/280`);
  await page.getByRole("switch", { name: "Post to Twitter/X" }).click();
  await page.getByRole("switch", { name: "Post to Bluesky" }).click();
  await page.getByRole("switch", { name: "Schedule for later" }).click();
  await page.getByLabel("Date and time").fill(localInputValue(new Date(Date.now() + 26 * 3_600_000)));
  await page.getByRole("button", { name: "Schedule Post" }).click();
  await expect(page.getByText("Post Scheduled", { exact: true })).toBeVisible();
  // The form resets.
  await expect(page.getByLabel("Post content")).toHaveValue("");
  await expect(page.getByTestId("post-counter")).toHaveText("0/280");

  await page.getByRole("tab", { name: "Scheduled Posts" }).click();
  const post = page.getByTestId("social-post").filter({ hasText: text });
  await expect(post).toContainText("Scheduled");
  await expect(post).toContainText("Twitter/X");
  await expect(post).toContainText("Bluesky");
  await page.reload();
  await waitForMainHydration(page);
  await page.getByRole("tab", { name: "Scheduled Posts" }).click();
  await expect(page.getByTestId("social-post").filter({ hasText: text })).toBeVisible();
});

test("delete the account and land signed out", async ({ page }) => {
  await signInAsNewMember(page, "Gone", "Soon");
  await waitForMainHydration(page);
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByRole("tab", { name: "Account" }).click();
  let confirmText = "";
  page.once("dialog", (d) => {
    confirmText = d.message();
    void d.accept();
  });
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  // Feedback on the landing page (issue 15).
  await expect(page.getByText("Account deleted", { exact: true })).toBeVisible();
  expect(confirmText).toBe("Are you sure you want to permanently delete your account? This action cannot be undone.");
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

// The pages themselves are scanned with axe in e2e/a11y.spec.ts (light and dark); here, the phone layout and the
// settings dialog as a phone shows it.
test("member pages fit a 390 px phone; the settings dialog too, and it has no axe violations", async ({ page }) => {
  await signIn(page, "Phoebe", "Phone");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, ready] of [
    ["/", "Community activity"],
    ["/profile", "Stats"],
    ["/social", "Social Hub"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: ready })).toBeVisible();
    await waitForMainHydration(page);
    await expectNoSidewaysScroll(page, `${path} at 390 px`);
    await reviewShot(page, `${path.replace(/\//g, "_") || "home"}-390`, { fullPage: true });
  }
  await page.goto("/");
  await waitForMainHydration(page);
  await chooseCommunity(page, "PokeStream Hub");
  await expect(page.getByTestId("community-dashboard")).toHaveAttribute("data-realm", "pokestream-hub");
  await expectNoSidewaysScroll(page, "the PokeStream Hub dashboard at 390 px");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByLabel("Theme")).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectAxeClean(page, "the settings dialog at 390 px", '[role="dialog"]');
});

test("a dashboard whose session ended says Unauthorized and goes to sign-in", async ({ page, context }) => {
  await signInAsNewMember(page, "Ursula", "Unauth");
  await waitForMainHydration(page);
  await context.clearCookies();
  await chooseCommunity(page, "Decksong");
  await expect(page.getByText("You are logged out. Logging in again...", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/api\/login$/);
});

test("a member's dashboard works as soon as the page is interactive: its chunk comes before hydration", async ({ page }) => {
  await signIn(page, "Quick", "Hands");
  await page.goto("/");
  // The moment the page reports itself hydrated, a dashboard button does what it says. Its code is there, so React
  // can hydrate the button on the click itself; without its chunk the click would land on dead markup and be lost.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator("[data-member-home]").getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Profile" })).toBeVisible();
});

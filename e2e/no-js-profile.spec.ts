import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, reviewShot, signIn } from "./helpers";

// Profile edit works before (or without) JavaScript (issue 13): Edit Profile opens /profile?edit=1, the
// form posts to the route's action, errors come back beside the fields and a save returns to the profile.
test.use({ javaScriptEnabled: false });

test("profile: edit, see the errors beside the fields, save and see the change, without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Nadia", "Nojs");
  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Nadia Nojs");
  await expect(page.getByTestId("profile-bio")).toHaveText("No bio available");

  // Cancel leaves edit mode and keeps the stored profile.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
  await page.getByLabel("Bio").fill("Not saved");
  await page.getByRole("button", { name: "Cancel" }).click();
  // A GET form without fields: the browser adds an empty query.
  await expect(page).toHaveURL(/\/profile\??$/);
  await expect(page.getByTestId("profile-bio")).toHaveText("No bio available");

  // A first name of spaces only: the server says so beside the field, and what was typed stays.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("First name").fill("   ");
  await page.getByLabel("Bio").fill("Plays Lorcana on a slow connection.");
  await page.getByRole("button", { name: "Save" }).click();
  const firstName = page.getByLabel("First name");
  await expect(page.getByText("Required", { exact: true })).toBeVisible();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toHaveAttribute("aria-describedby", "profile-first-name-error");
  await expect(page.getByLabel("Bio")).toHaveValue("Plays Lorcana on a slow connection.");
  await reviewShot(page, "no-js-profile-error-1366", { fullPage: true });

  await firstName.fill("Nadine");
  await page.getByLabel("Status").selectOption("gaming");
  await page.getByLabel("Primary community").selectOption("decksong");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Profile updated successfully!", { exact: true })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("Nadine Nojs");
  await expect(page.getByTestId("profile-bio")).toHaveText("Plays Lorcana on a slow connection.");
  await expect(page.getByTestId("profile-status")).toHaveText("Gaming");
  await expect(page.getByText("Primary realm: Decksong", { exact: false })).toBeVisible();
  await expect(page.getByTestId("profile-avatar")).toHaveText("NN");

  // A social link is added without JavaScript as well.
  await page.getByLabel("Platform").selectOption("twitch");
  await page.getByLabel("Username").fill("nadine_plays");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByRole("list", { name: "Social links" })).toContainText("nadine_plays");

  await expect(page).toHaveURL(/\/profile$/);

  // After a reload (a GET: every save redirected) the toast is gone and nothing was posted twice.
  await page.reload();
  await expect(page.getByText("Profile updated successfully!", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Social links" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("profile-bio")).toHaveText("Plays Lorcana on a slow connection.");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Nadine");
  await reviewShot(page, "no-js-profile-edit-390", { fullPage: true });
  await expectNoSidewaysScroll(page, "the profile editor at 390 px");
});

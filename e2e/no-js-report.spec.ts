import { expect, test } from "./fixtures";
import { api, expectNoSidewaysScroll, newMemberPage, reviewShot, signIn } from "./helpers";

// Reporting works without JavaScript (issue 38): a profile's Report is a link to the report page, a plain form
// whose reasons are a required group; once sent it goes back to the profile with a toast. (A form posted without
// a reason is answered beside the group: test/moderation.test.ts.)
test.use({ javaScriptEnabled: false });

test("report a profile without JavaScript: a reason is required, then back to the profile", async ({ page, browser }) => {
  const other = await newMemberPage(browser, "Rory", "Reported");
  const otherId = (await api<{ id: string }>(other.page, "GET", "/api/auth/user")).id;
  await other.context.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "Nell", "Noscript");
  await page.goto(`/profile/${otherId}`);
  await expect(page.getByTestId("profile-name")).toHaveText("Rory Reported");
  await page.getByRole("link", { name: "Report this profile" }).click();
  await expect(page).toHaveURL(/\/report\?/);
  await expect(page.getByRole("heading", { name: "Report this profile" })).toBeVisible();

  // No reason chosen: the browser asks for one (the group is required) and nothing is sent.
  await page.getByLabel("Anything moderators should know? (optional)").fill("Spam in every message");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.locator('input[name="reason"]:invalid').first()).toBeAttached();
  await expect(page).toHaveURL(/\/report\?/);
  await expectNoSidewaysScroll(page, "the report page at 390 px");
  await reviewShot(page, "no-js-report-390", { fullPage: true });

  await page.getByRole("radio", { name: "Spam" }).check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${otherId}$`));
  await expect(page.getByText("Report sent", { exact: true })).toBeVisible();
});

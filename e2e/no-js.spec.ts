import { expect, test } from "./fixtures";

// The core forms work before JavaScript loads, or without it (issue 13): they post to route actions.
test.use({ javaScriptEnabled: false });

test("contact: errors beside the fields, then sent with a confirmation, without JavaScript", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Nojs");
  await page.getByLabel("Email").fill("nojs@");
  await page.getByLabel("Subject").fill("Hello");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Enter a valid e-mail address", { exact: true })).toBeVisible();
  await expect(page.getByText("Message is required", { exact: true })).toBeVisible();
  // What was typed is still there.
  await expect(page.getByLabel("Name")).toHaveValue("Nojs");
  await expect(page.getByLabel("Subject")).toHaveValue("Hello");

  await page.getByLabel("Email").fill("nojs@example.com");
  await page.getByLabel("Message").fill("Sent without scripts.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByText("Message sent successfully!", { exact: true })).toBeVisible();
  for (const label of ["Name", "Email", "Subject", "Message"]) await expect(page.getByLabel(label)).toHaveValue("");
});

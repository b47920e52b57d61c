import { expect, test } from "./fixtures";

// Accessibility of /contact and /api-docs: e2e/a11y.spec.ts (light and dark).
test("a visitor sends the contact form, which then clears", async ({ page }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact | Realmcast");
  await expect(page.getByText("24-48 hours", { exact: true })).toBeVisible();
  await expect(page.getByText("2-3 business days", { exact: true })).toBeVisible();
  await expect(page.getByText("3-5 business days", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");

  await page.getByLabel("Name").fill("Casey");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please fill in all fields", { exact: true })).toBeVisible();
  await expect(page.getByText("All fields are required to send your message.", { exact: true })).toBeVisible();

  await page.getByLabel("Email").fill("casey@");
  await page.getByLabel("Subject").fill("Partnership");
  await page.getByLabel("Message").fill("We would love to sponsor a realm tournament.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Failed to send message", { exact: true })).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail address", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("We would love to sponsor a realm tournament.");

  await page.getByLabel("Email").fill("casey@example.com");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!", { exact: true })).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.", { exact: true })).toBeVisible();
  for (const label of ["Name", "Email", "Subject", "Message"]) await expect(page.getByLabel(label)).toHaveValue("");
});

test("the quick links toast, navigate home and open Discord in a new tab", async ({ page, context }) => {
  // The invite is external: answer it locally so the test needs no network.
  await context.route("https://discord.gg/**", (route) => route.fulfill({ status: 200, body: "discord" }));
  await page.goto("/contact");
  await page.getByRole("button", { name: "Help Center" }).click();
  await expect(page.getByText("The Help Center is coming soon!", { exact: true })).toBeVisible();

  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Join Discord Community" }).click();
  await expect(page.getByText("Opening our Discord invite in a new tab.", { exact: true })).toBeVisible();
  const tab = await popup;
  await expect.poll(() => tab.url()).toContain("discord.gg");
  await tab.close();

  await page.getByRole("button", { name: "Getting Started Guide" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the help pages carry the Coming Soon badge, their topics and Back to Home", async ({ page }) => {
  const pages: [string, string, string[]][] = [
    ["/help-center", "Help Center", ["Tutorials", "Video Guides", "Searchable Knowledge Base"]],
    ["/getting-started", "Getting Started Guide", ["Quick Start Checklist", "First Stream Setup", "Reputation"]],
    ["/faq", "Frequently Asked Questions", ["Pricing and Billing", "Troubleshooting", "Community Guidelines"]],
    ["/api-docs", "API Documentation", ["Authentication", "Webhooks", "Rate Limiting"]],
  ];
  for (const [path, heading, topics] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
    for (const topic of topics) await expect(page.getByRole("heading", { name: topic })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  }
  // /api-docs also lists the live contract, generated from the same list as /api/openapi.json.
  const spec = await (await page.request.get("/api/openapi.json")).json();
  const count = Object.values(spec.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);
  await expect(page.getByTestId("api-route")).toHaveCount(count);
  await page.getByLabel("Filter routes").fill("/api/forum/posts/:id/like");
  await expect(page.getByTestId("api-route")).toHaveCount(2);
  await page.getByLabel("Filter routes").fill("/api/contact");
  const contact = page.getByTestId("api-route").first();
  // Each route shows its method, path and summary; its fields, answer and errors when opened.
  await expect(contact.getByRole("table")).toBeHidden();
  await contact.locator("summary").click();
  await expect(contact.getByRole("table")).toBeVisible();
  await expect(contact).toContainText("message");
  await expect(contact).toContainText("length 1-5000");
  await expect(contact).toContainText("429");
});

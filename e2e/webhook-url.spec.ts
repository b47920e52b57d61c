import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, openTokensTab, reviewShot, signInAsNewMember } from "./helpers";

// Issue 35: a webhook URL was stored exactly as sent (control characters included) and shown so in settings. In
// settings a URL with a tab in it is now refused beside the field, and a URL is saved and shown as parsed and
// serialised again. (Local runs allow receivers on 127.0.0.1; nothing is delivered here, the URL is only set.)
for (const width of [390, 1366]) {
  test(`a webhook URL with a control character is refused beside the field, and one is saved as parsed (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await signInAsNewMember(page, "Ursula", "Urls");
    const dialog = await openTokensTab(page);
    await dialog.getByLabel("Name").fill("Url bot");
    await dialog.getByRole("checkbox", { name: "rooms:read", exact: true }).check();
    await dialog.getByRole("button", { name: "Create Token" }).click();
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = dialog.getByTestId("access-token").filter({ hasText: "Url bot" });
    const field = row.getByLabel("Webhook URL");

    // A tab survives an <input type="url"> (only line breaks and the ends' spaces are stripped), so it reaches the action.
    await field.fill("http://127.0.0.1:9/hooks\tx");
    await row.getByRole("button", { name: "Set Webhook" }).click();
    const error = row.getByText("The address cannot contain line breaks, tabs or other control characters");
    await expect(error).toBeVisible();
    await error.scrollIntoViewIfNeeded();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(row).toContainText("No webhook");
    await expectNoSidewaysScroll(page, `the webhook field's error at ${width} px`);
    await reviewShot(page, `webhook-url-refused-${width}`);

    await field.fill("HTTP://127.0.0.1:9/a/../hooks/url-bot?x=1");
    await row.getByRole("button", { name: "Set Webhook" }).click();
    await expect(row.getByRole("textbox", { name: "Webhook signing secret" })).toHaveValue(/^whsec_/);
    await expect(row).toContainText("Webhook: http://127.0.0.1:9/hooks/url-bot?x=1");
    await expect(row.getByText("The address cannot contain")).toHaveCount(0);
    await reviewShot(page, `webhook-url-saved-${width}`);
  });
}

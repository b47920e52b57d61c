import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, reviewShot, signInAsNewMember, waitForHydration } from "./helpers";

// A 48 x 24 PNG (red, with a yellow square in the middle), drawn by Chromium's canvas.
const WIDE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAYAAAC8/X7cAAAAa0lEQVR4AeySwQkAIRDEDhu4QqzA7n3YkBUolrCERYQI/pzRTSy91RXZc/wrc0fecs6W7/HlALcFakADkIBfCALEcQ1ghLBAAxAgjmsAI4QFGoAAcVwDGCEs0AAEiOMBA/iulAIHSMEaKN0AAAD//92NC/sAAAAGSURBVAMAI6N1wWHw9xIAAAAASUVORK5CYII=",
  "base64",
);

test("upload, crop, show and remove a profile picture; the editor fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsNewMember(page, "Avery", "Avatar");
  // From the header's menu to the profile, as a member would.
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: /profile/i }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit Profile" }).click();

  const picker = page.getByLabel("Profile picture");
  // Not an image: refused beside the field, before anything is sent.
  await picker.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await expect(page.getByText("The picture must be a PNG, JPEG or WebP image")).toBeVisible();
  await expect(picker).toHaveAttribute("aria-invalid", "true");

  await picker.setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: WIDE_PNG });
  const preview = page.getByTestId("avatar-preview");
  await expect(preview).toBeVisible();
  await expect(page.getByText("The picture must be a PNG, JPEG or WebP image")).toHaveCount(0);
  await reviewShot(page, "avatar-preview-1366");
  await page.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("Profile picture updated", { exact: true })).toBeVisible();

  // The header and the editor now show the stored picture: a square crop served from R2.
  const headerImage = page.getByTestId("user-menu").locator("img");
  await expect(headerImage).toHaveAttribute("src", /^\/api\/avatars\/[^/]+\/[0-9a-f]{16}$/);
  const src = await headerImage.getAttribute("src");
  const size = await headerImage.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(size).toEqual([256, 256]);
  // The centre of the crop is the yellow square of the original.
  const centre = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext("2d")!;
    g.drawImage(bitmap, 0, 0);
    return Array.from(g.getImageData(128, 128, 1, 1).data.slice(0, 3));
  }, src!);
  expect(centre[0]).toBeGreaterThan(200);
  expect(centre[1]).toBeGreaterThan(150);
  const served = await page.request.get(src!);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("profile-avatar").locator("img")).toHaveAttribute("src", src!);
  await reviewShot(page, "avatar-profile-1366");

  // Remove: the initials come back everywhere.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Profile picture removed", { exact: true })).toBeVisible();
  await expect(page.getByTestId("user-menu").locator("img")).toHaveCount(0);
  await expect(page.getByTestId("user-menu")).toContainText("A");
  expect((await page.request.get(src!)).status()).toBe(404);

  // At phone width the editor and its picture controls stay inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel("Profile picture")).toBeVisible();
  await expectNoSidewaysScroll(page, "the profile editor at 390 px");
  await reviewShot(page, "avatar-editor-390");
});

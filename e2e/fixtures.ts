import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { test as base, type BrowserContext } from "@playwright/test";

// Everything Playwright exports, with `test` extended below.
export * from "@playwright/test";

/**
 * Every toast any page of the test showed, with when and where: attached to a failed test's report. A toast is on
 * screen for 5 s and one replaces another, so after a failure the screenshot rarely shows which came and went.
 */
const toastLog: string[] = [];

/** Records the toasts of every page of `context` (already done for the test's own `context` and `newMemberPage`). */
export async function watchToasts(context: BrowserContext) {
  await context.exposeBinding("__realmcastToastShown", ({ page }, text: string) => {
    toastLog.push(`${new Date().toISOString()} ${new URL(page.url()).pathname} ${text}`);
  });
  await context.addInitScript(() => {
    const report = (text: string) =>
      void (window as unknown as { __realmcastToastShown(text: string): Promise<void> }).__realmcastToastShown(text);
    // Each toast on screen, with when it came (the page's clock): its leaving is reported too, since a toast that
    // came and went inside a test's wait (a page too slow for the check to see it) reads otherwise as one that came.
    const shown = new Map<Element, number>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("li[data-swipe-direction]")) {
        if (shown.has(toast)) continue;
        shown.set(toast, performance.now());
        report(toast.textContent ?? "");
      }
      for (const [toast, since] of shown) {
        if (toast.isConnected) continue;
        shown.delete(toast);
        report(`(gone after ${Math.round(performance.now() - since)} ms: ${toast.textContent ?? ""})`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export const test = base.extend<{ toasts: void }>({
  context: async ({ context }, use) => {
    await watchToasts(context);
    await use(context);
  },
  toasts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use, testInfo) => {
      toastLog.length = 0;
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        const body = toastLog.join("\n") || "(no toast was shown)";
        await testInfo.attach("toasts", { body, contentType: "text/plain" });
        // Whole, beside the failure's screenshots: the list reporter prints an attachment's first lines only.
        const file = testInfo.outputPath("toasts.txt");
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${body}\n`);
      }
    },
    { auto: true },
  ],
});

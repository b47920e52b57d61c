import type { Page } from "@playwright/test";

/**
 * Runs `step` with the page's CPU `rate` times slower (Chromium's `Emulation.setCPUThrottlingRate`), then at full
 * speed again, whether the step passed or not. On a slow phone Remix's transitions can merge renders a fast machine
 * keeps apart (an action's answer and the list without the row that sent it): a throttled step makes that the usual
 * case (docs/testing.md).
 */
export async function withSlowCpu<T>(page: Page, step: () => Promise<T>, rate = 20): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  try {
    return await step();
  } finally {
    // A page already closed (its test failed and tore it down) has nothing left to set back.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}

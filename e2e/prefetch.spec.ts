import { expect, test, type Locator } from "./fixtures";
import { gotoHydrated, signInAsNewMember } from "./helpers";

test("hovering links the moment the page is interactive prefetches without a console warning, for visitors and on a member's dashboard", async ({
  page,
}) => {
  // Remix discovers routes lazily (after hydration, from the links on the page): a prefetch asked for before that
  // finished logged "Tried to prefetch /tournaments but no routes matched" (issue 25).
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Tried to prefetch")) warnings.push(message.text());
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  const hoverAll = async (links: Locator) => {
    for (const link of await links.all()) await link.hover();
  };
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await hoverAll(nav.getByRole("link"));
  // A member's dashboard renders its tiles from its own chunk, after hydration: hover them as soon as they show.
  await signInAsNewMember(page, "Prefetch", "Hover");
  await page.goto("/");
  await hoverAll(page.getByRole("main").getByRole("link"));
  await hoverAll(nav.getByRole("link"));
  // Once discovery has answered, a hover prefetches the route's data (a <link rel="prefetch"> in the page).
  await nav.getByRole("link", { name: "Calendar" }).hover();
  await nav.getByRole("link", { name: "Tournaments" }).hover();
  await expect(page.locator('link[rel="prefetch"][href*="tournaments"]')).not.toHaveCount(0);
  expect(warnings).toEqual([]);
});

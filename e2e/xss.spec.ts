import { expect, test, type Page } from "./fixtures";
import { api, signIn, signInAsNewMember, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

// Each payload would set window.__xss (or open a dialog) if it ever ran as markup.
const payload = (label: string) => `<img src=x onerror="window.__xss='${label}'"><script>window.__xss='${label}'</script>`;

async function expectInert(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
}

test("markup in names, bios, event titles, tournament names, room names and chat renders as text", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  page.on("dialog", () => {
    throw new Error("a dialog opened: injected script ran");
  });
  await signInAsNewMember(page, "Safe", "Member");
  await page.evaluate(() => localStorage.setItem("selectedCommunityId", "scry-gather"));

  await api(page, "PATCH", "/api/user/profile", { firstName: "<b>Bold</b>", lastName: "Name", bio: payload("bio") });
  await page.goto("/profile");
  await expectInert(page, "<img src=x onerror=");
  // The page's own copy of the name (the closed account menu holds one too, out of sight).
  await expect(page.getByRole("main").getByText("<b>Bold</b>").first()).toBeVisible();

  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await api(page, "POST", "/api/events", {
    title: payload("event").slice(0, 110),
    type: "community",
    date,
    time: "18:00",
    location: payload("loc").slice(0, 150),
    communityId: "scry-gather",
  });
  await page.goto("/calendar?realm=scry-gather");
  await expectInert(page, "<img src=x onerror=");

  await api(page, "POST", "/api/tournaments", {
    name: payload("tournament").slice(0, 110),
    gameFormat: "modern",
    maxParticipants: 8,
    startDate: new Date(Date.now() + 86_400_000).toISOString(),
    communityId: "scry-gather",
  });
  await page.goto("/tournaments");
  await expectInert(page, "<img src=x onerror=");

  const room = await api(page, "POST", "/api/game-sessions", {
    maxPlayers: 2,
    communityId: "scry-gather",
    gameData: { name: payload("room").slice(0, 80), format: "standard" },
  });
  await page.goto(`/tablesync/room/${room.id}`);
  await expectInert(page, "<img src=x onerror=");
  const input = page.getByLabel("Chat message");
  // The room's state has arrived over the socket once we are listed: chat is live from then on.
  await expect(page.getByRole("list", { name: "Players at the table" }).getByText("(you)")).toBeVisible({ timeout: scaled(20_000) });
  await expect(input).toBeEnabled();
  await input.fill(payload("chat"));
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(page.getByTestId("chat-message").filter({ hasText: "<script>window.__xss='chat'</script>" })).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
});

// The CSP (no eval, nonce'd scripts) holds without the browser ever reporting a violation: zod is told not to
// compile parsers (workers/lib/zod.ts), so building the forms' schemas never tries `new Function`.
test("pages with forms run under the CSP without a single violation, signed out and signed in", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as { __cspViolations?: string[] };
      (w.__cspViolations ??= []).push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const violations = () => page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []);
  await page.goto("/");
  await waitForHydration(page);
  // A visitor goes to the lobby from the header, as one would.
  await page.getByRole("banner").getByRole("link", { name: "TableSync" }).first().click();
  await expect(page).toHaveURL(/\/tablesync/);
  await page.reload();
  await waitForHydration(page);
  expect(await violations()).toEqual([]);

  await signIn(page, "Csp", "Checker");
  for (const path of ["/tablesync", "/calendar", "/matchmaking", "/tournaments", "/community-forum", "/profile", "/social"]) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await violations(), path).toEqual([]);
  }
});

// Workers static assets answer before the Worker (workers/http/security.ts never sees them): public/_headers.
test("static files carry nosniff, no framing and a CSP that lets them load nothing", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && new URL(r.url()).pathname.startsWith("/assets/")) scripts.push(r.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  expect(scripts.length).toBeGreaterThan(0);
  for (const path of [scripts[0], "/favicon.svg", "/third-party-licenses.txt"]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});

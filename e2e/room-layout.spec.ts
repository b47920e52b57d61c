import { expect, test, type Locator, type Page } from "./fixtures";
import { api, expectNoSidewaysScroll, newMemberPage, openRoom, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

/**
 * The room's layout past the first screen (issue 37's leftovers), at 1366 and 390 px: Focus's thumbnails leave
 * their overlays room (one row that scrolls sideways on a phone); in Theatre the chat holds its place in the side
 * column (new lines in view, its field on the screen) while the panels under it scroll; a seat's avatar takes its
 * initials from the display name, as the header does.
 */

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found, "the element has a box").not.toBeNull();
  return found!;
};
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Wholly inside the window as it is now. */
async function expectOnScreen(page: Page, element: Locator, what: string) {
  const b = await box(element);
  const size = page.viewportSize()!;
  expect(inside(b, { x: 0, y: 0, ...size }), `${what} is on the screen (${JSON.stringify(b)})`).toBe(true);
}

/** The chat's list is scrolled to its end: its newest line is the one in view. */
async function expectChatAtEnd(page: Page, what: string) {
  const list = page.getByRole("list", { name: "Chat history" });
  const { scrollTop, scrollHeight, clientHeight } = await list.evaluate((el) => ({
    scrollTop: el.scrollTop,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(scrollHeight, `${what}: the chat has more lines than it shows`).toBeGreaterThan(clientHeight);
  expect(scrollTop + clientHeight, `${what}: the chat's list is at its end`).toBeGreaterThanOrEqual(scrollHeight - 2);
  const last = page.getByTestId("chat-message").last();
  expect(inside(await box(last), await box(list)), `${what}: the newest line is inside the list's view`).toBe(true);
  await expectOnScreen(page, last, `${what}: the newest line`);
}

/** Focus's thumbnails: one row, each wide enough that its table state and its name do not meet. */
async function expectThumbnailsRoomy(page: Page, label: string, minWidth: number) {
  const row = page.getByTestId("focus-thumbnails");
  const thumbs = row.locator('[data-testid="local-tile"], [data-testid="remote-tile"]');
  await expect(thumbs).toHaveCount(3);
  const boxes: Box[] = [];
  for (let i = 0; i < 3; i++) {
    const thumb = thumbs.nth(i);
    await thumb.scrollIntoViewIfNeeded();
    const b = await box(thumb);
    boxes.push(b);
    expect(b.width, `${label}: thumbnail ${i + 1} is ${b.width} px wide`).toBeGreaterThanOrEqual(minWidth);
    const state = await box(thumb.getByTestId("tile-state"));
    const name = await box(thumb.getByTestId("tile-name"));
    expect(overlaps(state, name), `${label}: thumbnail ${i + 1}'s table state and name overlap`).toBe(false);
    // The name shows whole (the own seat's "You" beside its Deck control was cut to "Y…").
    const cut = await thumb
      .getByTestId("tile-name")
      .locator("span")
      .first()
      .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut, `${label}: thumbnail ${i + 1}'s name is cut`).toBe(false);
    // A tile without a picture does not draw its big camera-off mark over the life row.
    const mark = thumb.getByTestId("no-picture-mark");
    if (await mark.isVisible())
      expect(overlaps(await box(mark), state), `${label}: thumbnail ${i + 1}'s camera-off mark covers its state`).toBe(false);
    expect(inside(await box(thumb.getByTestId("tile-life")), b), `${label}: thumbnail ${i + 1}'s life is inside it`).toBe(true);
  }
  const tops = new Set(boxes.map((b) => Math.round(b.y)));
  expect(tops.size, `${label}: the thumbnails are one row`).toBe(1);
}

test("Focus's thumbnails, Theatre's chat and the seats' initials, at 1366 and 390 px", async ({ browser }) => {
  test.setTimeout(scaled(180_000));
  const [ann, uni, ben, dee] = await Promise.all([
    newMemberPage(browser, "Ann", "Host", { viewport: LAPTOP }),
    newMemberPage(browser, "🦄 Uni", "Ann", { viewport: PHONE }),
    newMemberPage(browser, "Ben", "Talker", { viewport: LAPTOP }),
    newMemberPage(browser, "Dee", "Fourth", { viewport: PHONE }),
  ]);
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Layout ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    for (const { page } of [ann, uni, ben, dee]) await openRoom(page, roomUrl);
    await expect(ann.page.getByText("Video Chat (4/4 players)")).toBeVisible();

    // The seats' initials: from the display name, the same as the header's avatar, on both widths.
    for (const { page, label } of [
      { page: ann.page, label: "1366" },
      { page: uni.page, label: "390" },
    ]) {
      const seat = page.getByTestId("player-row").filter({ hasText: "🦄 Uni Ann" });
      await expect(seat.getByTestId("member-avatar"), `${label}: Uni's seat`).toHaveText("🦄A");
      await expect(page.getByTestId("player-row").filter({ hasText: "Ann Host" }).getByTestId("member-avatar")).toHaveText("AH");
    }
    await expect(uni.page.getByTestId("user-menu").getByTestId("member-avatar")).toHaveText("🦄A");
    await ann.page.getByTestId("players-list").scrollIntoViewIfNeeded();
    await reviewShot(ann.page, "room-layout-initials-1366");

    // Focus: three thumbnails under the large tile; on the phone one row that scrolls sideways, the page never.
    for (const { page } of [ann, uni]) {
      await page.getByRole("button", { name: "Focus", exact: true }).click();
      await expect(page.getByRole("button", { name: "Focus", exact: true })).toHaveAttribute("aria-pressed", "true");
    }
    await expectThumbnailsRoomy(ann.page, "Focus at 1366", 130);
    await reviewShot(ann.page, "room-layout-focus-1366");
    await uni.page.evaluate(() => window.scrollTo(0, 0));
    await reviewShot(uni.page, "room-layout-focus-390");
    await expectThumbnailsRoomy(uni.page, "Focus at 390", 150);
    const row = uni.page.getByTestId("focus-thumbnails");
    const sideways = await row.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollLeft: el.scrollLeft }));
    expect(sideways.scrollWidth, "Focus at 390: the thumbnails' row scrolls sideways").toBeGreaterThan(sideways.clientWidth);
    expect(sideways.scrollLeft, "Focus at 390: the row was scrolled to show the last thumbnail").toBeGreaterThan(0);
    await expectNoSidewaysScroll(uni.page, "the room in Focus at 390 px");
    await reviewShot(uni.page, "room-layout-focus-390-scrolled");
    // A thumbnail still brings its player to the large tile.
    const thumbName = (await row.getByTestId("tile-name").first().innerText()).trim();
    await row
      .getByRole("button", { name: /^Focus on / })
      .first()
      .click();
    await expect(uni.page.getByTestId("focus-thumbnails").getByTestId("tile-name").filter({ hasText: thumbName })).toHaveCount(0);
    for (const { page } of [ann, uni]) await page.getByRole("button", { name: "Grid", exact: true }).click();

    // Theatre at 1366: the host scrolls the panels under the chat to their end; Ben talks; the chat's newest line and
    // its field stay on the screen, and the panels keep their own scroll.
    await ann.page.getByRole("button", { name: /^Theatre/ }).click();
    await expect.poll(() => ann.page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null)).toBe("room-table");
    const panels = ann.page.getByTestId("side-panels");
    await panels.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const panelsScrolled = await panels.evaluate((el) => el.scrollTop);
    expect(panelsScrolled, "Theatre at 1366: the panels under the chat scroll on their own").toBeGreaterThan(0);
    const field = ann.page.getByRole("textbox", { name: "Chat message" });
    const fieldBefore = await box(field);
    const benChat = ben.page.getByRole("textbox", { name: "Chat message" });
    for (let i = 1; i <= 14; i++) {
      await benChat.fill(`Theatre line ${i}`);
      await benChat.press("Enter");
      await expect(benChat).toHaveValue("");
    }
    await expect(ann.page.getByTestId("chat-message").last()).toContainText("Theatre line 14");
    await expectChatAtEnd(ann.page, "Theatre at 1366");
    await expectOnScreen(ann.page, field, "Theatre at 1366: the chat's field");
    expect(await box(field), "Theatre at 1366: the chat's field did not move").toEqual(fieldBefore);
    expect(await panels.evaluate((el) => el.scrollTop), "Theatre at 1366: the panels kept their scroll").toBe(panelsScrolled);
    await reviewShot(ann.page, "room-layout-theatre-chat-1366");
    await field.fill("Seen it");
    await field.press("Enter");
    await expect(ben.page.getByTestId("chat-message").last()).toContainText("Seen it");
    await ann.page.evaluate(() => document.exitFullscreen());

    // Theatre at 390: lines arrive while the chat's sheet is closed; opened, it shows the newest and its field.
    await uni.page.getByRole("button", { name: /^Theatre/ }).click();
    await expect.poll(() => uni.page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null)).toBe("room-table");
    for (let i = 1; i <= 3; i++) {
      await benChat.fill(`Phone line ${i}`);
      await benChat.press("Enter");
      await expect(benChat).toHaveValue("");
    }
    await uni.page.getByTestId("table-bar").getByRole("button", { name: "Chat" }).click();
    await expect(uni.page.getByTestId("chat-message").last()).toContainText("Phone line 3");
    await expectChatAtEnd(uni.page, "Theatre at 390");
    await expectOnScreen(uni.page, uni.page.getByRole("textbox", { name: "Chat message" }), "Theatre at 390: the chat's field");
    await reviewShot(uni.page, "room-layout-theatre-chat-390");
  } finally {
    for (const m of [ann, uni, ben, dee]) await m.context.close();
  }
});

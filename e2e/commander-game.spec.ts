import { expect, test, type Browser, type Page } from "@playwright/test";
import { chooseRealm, newMemberPage, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

/**
 * Issue 14's "done" test: a 3-player Commander game with a spectator, played
 * through the UI with fake cameras (playwright.config.ts launches Chromium
 * with --use-fake-device-for-media-stream).
 */

// WebRTC among four browser contexts on a loaded, shared 2-core machine can take a while to connect.
const MEDIA_TIMEOUT = scaled(90_000);
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every remote video on the page is playing (not paused, with frames): `count` of them. */
async function remoteVideosPlay(page: Page, count: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-video"]')].filter((v) => !v.paused && v.readyState >= 2)
              .length,
        ),
      { timeout: MEDIA_TIMEOUT },
    )
    .toBe(count);
}

const row = (page: Page, name: string) => page.getByTestId("players-list").locator("li").filter({ hasText: name });
const turnRow = (page: Page) =>
  page
    .getByTestId("players-list")
    .locator("li")
    .filter({ has: page.getByText("Turn", { exact: true }) });

async function member(browser: Browser, first: string, last: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const { signInAsNewMember } = await import("./helpers");
  await signInAsNewMember(page, first, last);
  return { context, page };
}

/** The page is hydrated and its socket is open, as its status line shows: the roster comes next. */
async function connected(page: Page) {
  await waitForHydration(page);
  await expect(page.getByText("Connected", { exact: true })).toBeVisible({ timeout: scaled(20_000) });
}

async function openRoom(page: Page, url: string) {
  await page.goto(url);
  await connected(page);
}

test("a 3-player Commander game with a spectator: video, dice, turns, life, commander damage, poison, reload, a host who drops, the end", async ({
  browser,
}) => {
  test.setTimeout(scaled(600_000));
  const ann = await member(browser, "Ann", "Host");
  const ben = await member(browser, "Ben", "Second");
  const cat = await member(browser, "Cat", "Third");
  const sue = await member(browser, "Sue", "Watcher");
  const players = { Ann: ann, Ben: ben, Cat: cat } as const;
  const roomName = `Commander night ${Date.now()}`;
  try {
    // Ann creates a Commander room from the lobby.
    await chooseRealm(ann.page, "Duelcraft");
    await ann.page.goto("/tablesync");
    await ann.page.getByRole("tab", { name: "Create Room" }).click();
    await ann.page.getByLabel("Room name").fill(roomName);
    await ann.page.getByLabel("Format").selectOption("commander");
    await ann.page.getByRole("button", { name: "Create Game Room" }).click();
    await expect(ann.page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]+$/);
    const roomUrl = ann.page.url();
    await expect(ann.page.getByText("Connected", { exact: true })).toBeVisible();

    // Ben joins from the lobby; Cat opens the room link Ann shares; Sue watches from the link.
    await ben.page.goto("/tablesync");
    await ben.page.getByTestId("room-card").filter({ hasText: roomName }).getByRole("button", { name: "Join Game" }).click();
    await expect(ben.page).toHaveURL(roomUrl);
    await openRoom(cat.page, roomUrl);
    await openRoom(sue.page, `${roomUrl}?mode=spectate`);
    for (const { page } of [ann, ben, cat, sue]) {
      for (const name of ["Ann Host", "Ben Second", "Cat Third"]) await expect(row(page, name)).toBeVisible();
    }

    // Cameras on: every player sees the two others, the spectator all three.
    for (const { page } of [ann, ben, cat]) await page.getByRole("button", { name: "Enable Camera" }).click();
    for (const { page } of [ann, ben, cat]) await remoteVideosPlay(page, 2);
    await remoteVideosPlay(sue.page, 3);

    // Ann starts: a random first player, announced to all; the same game clock everywhere.
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    for (const { page } of [ann, ben, cat, sue]) {
      await expect(
        page.getByTestId("chat-message").filter({ hasText: /Game started\. Random pick: (Ann|Ben|Cat) goes first/ }),
      ).toBeVisible({ timeout: scaled(30_000) });
      await expect(page.getByTestId("room-status")).toHaveText("Game Active");
    }
    const clocks = await Promise.all([ann, ben, cat, sue].map(({ page }) => page.getByTestId("game-time").innerText()));
    // Read one page after another on a busy machine: the same clock within a few seconds (each page counts from the room's start).
    const seconds = clocks.map((c) => {
      const [m, sec] = c.split(":").map(Number);
      return m * 60 + sec;
    });
    expect(Math.max(...seconds) - Math.min(...seconds)).toBeLessThanOrEqual(3);

    // A roll, seen by all.
    await ben.page.getByRole("button", { name: "Quick d20" }).click();
    const rollLine = ben.page.getByTestId("chat-message").filter({ hasText: "rolled a d20" });
    const rolled = (await rollLine.locator("p").innerText()).trim();
    for (const { page } of [ann, cat, sue]) await expect(page.getByTestId("chat-message").filter({ hasText: rolled })).toHaveCount(1);

    // Turns go round: whoever holds the turn passes it, three times.
    const holder = async () => (await turnRow(ann.page).getByTestId("player-name").innerText()).split(" ")[0] as keyof typeof players;
    for (let i = 0; i < 3; i++) {
      const before = await holder();
      await players[before].page.getByRole("button", { name: "Pass Turn" }).click();
      await expect(
        ann.page
          .getByTestId("chat-message")
          .filter({ hasText: `${before} passed the turn to` })
          .last(),
      ).toBeVisible();
      await expect.poll(holder).not.toBe(before);
    }

    // Life, commander damage and poison, server-side, the same on every page.
    await cat.page.getByRole("button", { name: "Lose 1 life" }).click();
    await cat.page.getByRole("button", { name: "Lose 1 life" }).click();
    await expect(row(ann.page, "Cat Third").getByTestId("life-total")).toHaveText("38");
    for (let i = 0; i < 3; i++) await ben.page.getByRole("button", { name: "From Ann plus 1" }).click();
    for (const { page } of [ann, cat, sue]) {
      await expect(row(page, "Ben Second").getByTestId("life-total")).toHaveText("37");
      await expect(row(page, "Ben Second").getByTestId("player-tools")).toContainText("Cmdr Ann 3/21");
    }
    await cat.page.getByRole("button", { name: "Poison plus 1" }).click();
    await expect(row(sue.page, "Cat Third").getByTestId("player-tools")).toContainText("Poison 1/10");
    await expect(
      ann.page.getByTestId("chat-message").filter({ hasText: "Ben +1 commander damage from Ann (3/21), life 37" }),
    ).toBeVisible();
    await expect(ann.page.getByTestId("chat-message").filter({ hasText: "Cat -1 life (38)" })).toBeVisible();

    await ann.page.screenshot({ path: "test-results/commander-game-1366.png" });
    await sue.page.screenshot({ path: "test-results/commander-game-spectator-1366.png" });

    // Cat reloads: the same table comes back, and her video with it.
    await cat.page.reload();
    await connected(cat.page);
    await expect(row(cat.page, "Cat Third").getByTestId("life-total")).toHaveText("38");
    await expect(row(cat.page, "Cat Third").getByTestId("player-tools")).toContainText("Poison 1/10");
    await expect(row(cat.page, "Ben Second").getByTestId("player-tools")).toContainText("Cmdr Ann 3/21");
    await expect(cat.page.getByTestId("chat-message").filter({ hasText: rolled })).toHaveCount(1);
    await remoteVideosPlay(cat.page, 2);

    // The phone: video first, every control reachable.
    await cat.page.setViewportSize(PHONE);
    const video = await cat.page.getByTestId("video-panel").boundingBox();
    const seats = await cat.page.getByTestId("players-list").boundingBox();
    expect(video!.y).toBeLessThan(seats!.y);
    expect(video!.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ["Pass Turn", "Lose 1 life", "Poison plus 1", "Quick d20", "Leave Room", "Copy room link"]) {
      const control = cat.page.getByRole("button", { name, exact: true });
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    await cat.page.screenshot({ path: "test-results/commander-game-390.png" });
    await cat.page.screenshot({ path: "test-results/commander-game-390-full.png", fullPage: true });
    await cat.page.setViewportSize(DESKTOP);

    // It comes round to Ann, the host, and she closes her tab on her turn.
    while ((await holder()) !== "Ann") {
      const before = await holder();
      await players[before].page.getByRole("button", { name: "Pass Turn" }).click();
      await expect.poll(holder).not.toBe(before);
    }
    await ann.page.close();
    for (const { page } of [ben, cat, sue]) {
      const away = page.getByTestId("away-row").filter({ hasText: "Ann Host" });
      await expect(away.getByTestId("seat-held")).toHaveText(/^disconnected — seat held [0-4]:\d\d$/);
    }
    // The others carry on: Ben passes the away player's turn.
    await expect(ben.page.getByRole("button", { name: "Pass Turn" })).toBeEnabled();
    await ben.page.getByRole("button", { name: "Pass Turn" }).click();
    await expect(cat.page.getByTestId("chat-message").filter({ hasText: "Ben passed the turn to" }).last()).toBeVisible();
    await expect(turnRow(cat.page)).not.toContainText("Ann Host");
    await cat.page.getByRole("button", { name: "Quick d6" }).click();
    await expect(ben.page.getByTestId("chat-message").filter({ hasText: "Cat rolled a d6" })).toBeVisible();

    // Ann comes back and leaves; then Ben; Cat is the last player to leave: Sue is told.
    const annAgain = await ann.context.newPage();
    await openRoom(annAgain, roomUrl);
    await expect(row(annAgain, "Ann Host").getByTestId("life-total")).toHaveText("40");
    for (const page of [annAgain, ben.page]) {
      await page.getByRole("button", { name: "Leave Room" }).click();
      await expect(page).toHaveURL(/\/tablesync$/);
    }
    await cat.page.getByRole("button", { name: "Leave Room" }).click();
    await expect(cat.page).toHaveURL(/\/tablesync$/);
    await expect(sue.page.getByRole("status").filter({ hasText: "This game has ended: the last player left the table." })).toBeVisible();
    await sue.page.screenshot({ path: "test-results/commander-game-ended-1366.png" });
    await sue.page.getByRole("link", { name: "Back to the lobby" }).click();
    await expect(sue.page).toHaveURL(/\/tablesync$/);
  } finally {
    for (const m of [ann, ben, cat, sue]) await m.context.close();
  }
});

test("a spectator who opens a room by its link sees the players' video playing (autoplay)", async ({ browser }) => {
  test.setTimeout(scaled(300_000));
  const host = await newMemberPage(browser, "Hana", "Host");
  const guest = await newMemberPage(browser, "Gus", "Guest");
  const fan = await browser.newContext({ viewport: PHONE });
  try {
    const origin = new URL(host.page.url()).origin;
    const created = await host.page.request.post("/api/game-sessions", {
      headers: { Origin: origin },
      data: { maxPlayers: 4, communityId: "decksong", gameData: { name: `Autoplay pod ${Date.now()}`, format: "commander" } },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const url = `/tablesync/room/${id}`;
    for (const { page } of [host, guest]) {
      await openRoom(page, url);
      await page.getByRole("button", { name: "Enable Camera" }).click();
    }
    await remoteVideosPlay(host.page, 1);

    // The spectator signs in, then the room link is the first thing the new tab opens: no click on the page at all.
    const signIn = await fan.newPage();
    const { signInAsNewMember } = await import("./helpers");
    await signInAsNewMember(signIn, "Fay", "Fan");
    const page = await fan.newPage();
    await signIn.close();
    await page.goto(`${url}?mode=spectate`);
    await remoteVideosPlay(page, 2);
    await expect(page.getByTestId("start-video")).toHaveCount(0);
    await page.screenshot({ path: "test-results/room-spectator-autoplay-390.png" });
  } finally {
    await host.context.close();
    await guest.context.close();
    await fan.close();
  }
});

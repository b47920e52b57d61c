import { expect, test } from "./fixtures";
import { api, gotoHydrated, newMemberPage, reviewShot, signIn, waitForHydration } from "./helpers";

test("visitors get the TableSync landing with sign-in calls to action and the demo", async ({ page }) => {
  await page.goto("/tablesync");
  await expect(page).toHaveTitle("TableSync | Realmcast");
  await expect(page.getByRole("link", { name: "Start Playing Free" })).toHaveAttribute("href", "/api/login");
  await expect(page.getByRole("link", { name: "Join TableSync Free" })).toHaveAttribute("href", "/api/login");
  for (const game of ["Magic: The Gathering", "Pokemon TCG", "Disney Lorcana", "Yu-Gi-Oh!", "Bladeforge", "Deckmaster"]) {
    await expect(page.getByText(game, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await expect(page.getByRole("dialog")).toContainText("TableSync Demo");
});

test("create room needs a realm; a missing room shows Room Not Found", async ({ page }) => {
  await signIn(page, "Nadia", "Norealm");
  await page.goto("/tablesync");
  await page.getByRole("tab", { name: "Create Room" }).click();
  await expect(page.getByTestId("community-banner")).toBeVisible();
  await expect(page.getByLabel("Room name")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create Game Room" })).toBeDisabled();
  // A full demo room offers Spectate (Full), which opens the room read-only.
  await page.getByRole("tab", { name: "Join Room" }).click();
  // Rooms other specs create push the seeded ones off the first page, so search for it as a member would.
  const filters = page.getByRole("search", { name: "Filter rooms" });
  await filters.getByLabel("Search rooms or hosts").fill("Modern Gauntlet");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=Modern/);
  await page.getByTestId("room-card").filter({ hasText: "Modern Gauntlet" }).getByRole("button", { name: "Spectate (Full)" }).click();
  await expect(page.getByText("Now spectating!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]+\?mode=spectate$/);
  await expect(page.getByText("Spectating", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Quick d20" })).toBeDisabled();
  await page.goto(`/tablesync/room/${crypto.randomUUID()}`);
  await expect(page.getByText("Room Not Found - This game room may have been deleted or is no longer available.")).toBeVisible();
  await page.getByRole("link", { name: "Back to TableSync" }).click();
  await expect(page).toHaveURL(/\/tablesync$/);
});

test("signing out in another tab ends the room: the room page says so and stops reconnecting; the notice fits a phone", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const room = await context.newPage();
    // The page's timers run on a clock the test moves: "stops reconnecting" is then a state to check, not a wait.
    await room.clock.install();
    await signIn(room, "Sam", "Signout");
    const { id } = await api<{ id: string }>(room, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "decksong",
      gameData: { name: `Sign-out pod ${Date.now()}`, format: "commander" },
    });
    const sockets: string[] = [];
    room.on("websocket", (ws) => sockets.push(ws.url()));
    await room.goto(`/tablesync/room/${id}`);
    await expect(room.getByText("Connected", { exact: true })).toBeVisible();
    await expect(room.getByTestId("players-list")).toContainText("Sam Signout");

    // The same browser, another tab: Sign Out from the header, as a member would.
    const other = await context.newPage();
    await gotoHydrated(other, "/");
    await other.getByTestId("user-menu").click();
    await other.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(other.getByTestId("user-menu")).toBeHidden();
    await expect(other.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    const notice = room.getByRole("status").filter({ hasText: "You are signed out. Sign in again to rejoin this room." });
    await expect(notice).toBeVisible();
    await expect(room.getByText("Disconnected", { exact: true })).toBeVisible();
    await expect(notice.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/api/login?returnTo=${encodeURIComponent(`/tablesync/room/${id}`)}`,
    );
    // It stays ended: a minute of the page's time (every reconnect delay, the session-expired redirect and the
    // bell's 10 s polls, which now answer 401) opens no socket and leaves the page where it is.
    const opened = sockets.length;
    const bell401 = room.waitForResponse((r) => r.url().includes("/api/notifications/unread-count") && r.status() === 401);
    await room.clock.runFor(60_000);
    await bell401;
    await room.clock.runFor(6_000);
    expect(sockets.length).toBe(opened);
    await expect(room).toHaveURL(new RegExp(`/tablesync/room/${id}$`));
    await expect(room.getByText("Disconnected", { exact: true })).toBeVisible();
    await reviewShot(room, "room-signed-out-1366");

    await room.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeInViewport();
    await reviewShot(room, "room-signed-out-390");
  } finally {
    await context.close();
  }
});

test("the host removes a player: the player's page says so and the room link keeps them out, at desktop and phone width", async ({
  browser,
}) => {
  const host = await newMemberPage(browser, "Hana", "Host");
  const guest = await newMemberPage(browser, "Rex", "Removed");
  try {
    await guest.page.setViewportSize({ width: 390, height: 844 });
    const { id } = await api<{ id: string }>(host.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "decksong",
      gameData: { name: `Removal pod ${Date.now()}`, format: "commander" },
    });
    await host.page.goto(`/tablesync/room/${id}`);
    await expect(host.page.getByText("Connected", { exact: true })).toBeVisible();
    // The guest opens the shared link and takes a seat.
    await guest.page.goto(`/tablesync/room/${id}`);
    await expect(guest.page.getByText("Connected", { exact: true })).toBeVisible();
    await expect(host.page.getByTestId("players-list")).toContainText("Rex Removed");

    host.page.once("dialog", (dialog) => dialog.accept());
    await host.page.getByRole("button", { name: "Remove Rex Removed" }).click();
    await expect(host.page.getByText("Removed from the room").first()).toBeVisible();
    await expect(host.page.getByTestId("players-list")).not.toContainText("Rex Removed");
    const removedNotice = guest.page.getByRole("status").filter({ hasText: "The host removed you from this room." });
    await expect(removedNotice).toBeVisible();
    await expect(removedNotice.getByRole("link", { name: "Back to the lobby" })).toBeVisible();
    await expect(guest.page.getByRole("button", { name: "Leave Room" })).toBeHidden();
    await reviewShot(host.page, "room-removed-host-1280");

    // The link again (issue 25): the page's loader says why before anything else; the page opens no socket, never
    // asks for the camera and offers no chat, no seat and no Leave Room.
    const sockets: string[] = [];
    // The room's sockets (/ws); the header's bell opens the member's inbox socket (/ws/inbox) on every page.
    guest.page.on("websocket", (ws) => new URL(ws.url()).pathname === "/ws" && sockets.push(ws.url()));
    await guest.page.addInitScript(() => {
      const w = window as unknown as { cameraAsks: number };
      w.cameraAsks = 0;
      const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) => {
        w.cameraAsks += 1;
        return ask(constraints);
      };
    });
    const served = await guest.page.reload();
    expect(await served!.text()).toContain("The host removed you from this room.");
    await waitForHydration(guest.page);
    const refused = guest.page.getByTestId("room-refusal");
    await expect(refused).toContainText("The host removed you from this room.");
    await expect(guest.page.getByText("You cannot join this room")).toHaveCount(0);
    for (const name of ["Leave Room", "Join this table", "Enable Camera", "Send message"]) {
      await expect(guest.page.getByRole("button", { name })).toHaveCount(0);
    }
    await expect(guest.page.getByLabel("Chat message")).toHaveCount(0);
    expect(sockets).toEqual([]);
    expect(await guest.page.evaluate(() => (window as unknown as { cameraAsks: number }).cameraAsks)).toBe(0);
    await reviewShot(guest.page, "room-removed-guest-390");
    await refused.getByRole("link", { name: "Back to the lobby" }).click();
    await expect(guest.page).toHaveURL(/\/tablesync$/);
    await expect(host.page.getByTestId("players-list")).not.toContainText("Rex Removed");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

import { expect, test, type Page } from "./fixtures";
import { api, chooseCommunity, gotoHydrated, newMemberPage, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

// Live video in a room: two players and a spectator, each in a browser context with a fake camera
// (playwright.config.ts). It runs in the "solo" project, alone on the machine.

// WebRTC between two browser contexts on a loaded CI machine can take a while to connect.
const MEDIA_TIMEOUT = scaled(30_000);

async function remoteVideoPlays(page: Page) {
  await remoteVideosPlaying(page, 1);
}

/** At least `count` remote videos on the page are playing (not paused, with frames). */
async function remoteVideosPlaying(page: Page, count: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-video"]')].filter((v) => v.videoWidth > 0 && !v.paused)
              .length,
        ),
      { timeout: MEDIA_TIMEOUT },
    )
    .toBeGreaterThanOrEqual(count);
}

test("two players share a room: list, chat, dice, live video; a third member spectates read-only from a link, on a phone, with the video playing", async ({
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const alice = await newMemberPage(browser, "Alice", "Host");
  const bob = await newMemberPage(browser, "Bob", "Guest");
  const carol = await newMemberPage(browser, "Carol", "Watcher", { viewport: { width: 390, height: 844 } });
  const roomName = `E2E pod ${Date.now()}`;
  try {
    // Alice creates the room in a realm.
    await gotoHydrated(alice.page, "/tablesync");
    await chooseCommunity(alice.page, "Duelcraft");
    await alice.page.getByRole("tab", { name: "Create Room" }).click();
    await alice.page.getByLabel("Room name").fill(roomName);
    await alice.page.getByLabel("Format").selectOption("commander");
    await alice.page.getByRole("button", { name: "Create Game Room" }).click();
    await expect(alice.page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]+$/);
    const roomUrl = alice.page.url();
    const sessionId = roomUrl.split("/").pop()!;
    await expect(alice.page.getByRole("heading", { name: roomName })).toBeVisible();
    await expect(alice.page.getByTestId("room-code")).toHaveText(sessionId.slice(-6).toUpperCase());
    await expect(alice.page.getByText("Waiting for Players")).toBeVisible();

    // Bob joins from the lobby. (This step once timed out on CI with no toast: what the Join sent and got back is
    // attached to a failure, to tell a lost click from a slow or refused answer.)
    const joinTraffic: string[] = [];
    const isJoin = (url: string, method: string) => method === "POST" && new URL(url).pathname.startsWith("/tablesync");
    bob.page.on("request", (r) => {
      if (isJoin(r.url(), r.method())) joinTraffic.push(`${new Date().toISOString()} sent ${r.url()}`);
    });
    bob.page.on("response", (r) => {
      if (isJoin(r.url(), r.request().method())) joinTraffic.push(`${new Date().toISOString()} answered ${r.status()} ${r.url()}`);
    });
    // Where the pointer's events landed, to tell a click that missed the button from one whose submit was lost.
    await bob.page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __joinEvents: string[] }).__joinEvents = []);
      for (const type of ["pointerdown", "pointerup", "click", "submit", "scroll"]) {
        addEventListener(
          type,
          (event) => {
            const target = event.target instanceof Element ? event.target : null;
            const where = target ? `${target.nodeName} "${(target.textContent ?? "").trim().slice(0, 24)}"` : "document";
            seen.push(`${Math.round(performance.now())}ms ${type} on ${where} scrollY=${Math.round(scrollY)}`);
          },
          { capture: true, passive: true },
        );
      }
    });
    // The room is found by its name, as a member told "join my room" would: the lobby's first page holds the rooms
    // needing the fewest players, which other tests' rooms can fill.
    await bob.page.goto(`/tablesync?q=${encodeURIComponent(roomName)}`);
    const card = bob.page.getByTestId("room-card").filter({ hasText: roomName });
    await card.getByRole("button", { name: "Join Game" }).click();
    // The page may already be leaving (a Join sent before hydration is a plain POST): then there is nothing to ask.
    const hydrated = await bob.page.evaluate(() => document.documentElement.dataset.hydrated ?? "no").catch(() => "navigating");
    joinTraffic.push(`${new Date().toISOString()} clicked; hydrated: ${hydrated}`);
    try {
      await expect(bob.page).toHaveURL(roomUrl);
    } catch (error) {
      const events = await bob.page
        .evaluate(() => (window as unknown as { __joinEvents?: string[] }).__joinEvents ?? [])
        .catch(() => ["(page gone)"]);
      await test
        .info()
        .attach("join traffic", { body: [...joinTraffic, ...events].join("\n") || "(no request)", contentType: "text/plain" });
      throw error;
    }

    for (const page of [alice.page, bob.page]) {
      const list = page.getByTestId("players-list");
      await expect(list).toContainText("Alice Host");
      await expect(list).toContainText("Bob Guest");
      await expect(page.getByText("Video Chat (2/4 players)")).toBeVisible();
    }
    await expect(alice.page.getByTestId("player-row").filter({ hasText: "Alice Host" })).toContainText("Host");

    // Chat with Enter.
    const input = alice.page.getByLabel("Chat message");
    await input.fill("Good luck, have fun!");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(bob.page.getByTestId("chat-message").filter({ hasText: "Good luck, have fun!" })).toBeVisible();

    // One server roll, the same result everywhere.
    await bob.page.getByRole("button", { name: "Quick d20" }).click();
    const rollLine = bob.page.getByTestId("chat-message").filter({ hasText: "rolled a d20" });
    await expect(rollLine).toContainText("Game Action");
    const text = (await rollLine.locator("p").innerText()).trim();
    expect(text).toMatch(/^Bob rolled a d20: ([1-9]|1\d|20)$/);
    await expect(alice.page.getByTestId("chat-message").filter({ hasText: text })).toHaveCount(1);

    // Cameras on: each sees the other's live video.
    await alice.page.getByRole("button", { name: "Enable Camera" }).click();
    await bob.page.getByRole("button", { name: "Enable Camera" }).click();
    await expect(alice.page.getByTestId("local-video")).toBeVisible();
    await remoteVideoPlays(alice.page);
    await remoteVideoPlays(bob.page);

    // Carol watches: the room link is the first page her new tab opens (no click on the page at all, so the video
    // must start by itself); every control is disabled, the table is visible.
    await carol.page.goto(`${roomUrl}?mode=spectate`);
    await expect(carol.page.getByTestId("players-list")).toContainText("Alice Host");
    await expect(carol.page.getByTestId("players-list")).toContainText("Bob Guest");
    await expect(carol.page.getByText("Spectating", { exact: true })).toBeVisible();
    for (const name of ["Quick d6", "Quick d20", "Start Timer", "Enable Camera", "Share Screen", "Record", "d20"]) {
      await expect(carol.page.getByRole("button", { name, exact: true })).toBeDisabled();
    }
    // On a phone the chat is a sheet the table's action bar opens.
    await carol.page.getByTestId("table-bar").getByRole("button", { name: "Chat" }).click();
    await expect(carol.page.getByLabel("Chat message")).toBeDisabled();
    await expect(carol.page.getByTestId("chat-message").filter({ hasText: "Good luck, have fun!" })).toBeVisible();
    // Spectators receive the players' video over receive-only connections, playing without a press (autoplay).
    await remoteVideosPlaying(carol.page, 2);
    await expect(carol.page.getByTestId("start-video")).toHaveCount(0);
    await expect(alice.page.getByText("1 watching")).toBeVisible();
    await reviewShot(carol.page, "room-spectator-390");
  } finally {
    await alice.context.close();
    await bob.context.close();
    await carol.context.close();
  }
});

test("a reload brings the camera back when the browser grants it, with a muted microphone still muted; the other player sees the video again", async ({
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  // The browser already grants the camera and microphone to the site (a member who allowed them before).
  const ann = await newMemberPage(browser, "Ann", "Camera", { permissions: ["camera", "microphone"] });
  const ben = await newMemberPage(browser, "Ben", "Viewer", { permissions: ["camera", "microphone"] });
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Camera pod ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    for (const { page } of [ann, ben]) {
      await gotoHydrated(page, roomUrl);
      await expect(page.getByText("Connected", { exact: true })).toBeVisible({ timeout: MEDIA_TIMEOUT });
    }
    // The first visit asks: nothing was chosen in this browser yet.
    await expect(ann.page.getByRole("button", { name: "Enable Camera" })).toBeVisible();
    await ann.page.getByRole("button", { name: "Enable Camera" }).click();
    await ben.page.getByRole("button", { name: "Enable Camera" }).click();
    await ann.page.getByRole("button", { name: "Mic On" }).click();
    await expect(ann.page.getByRole("button", { name: "Mic Off" })).toHaveAttribute("aria-pressed", "false");
    await remoteVideoPlays(ben.page);

    await ann.page.reload();
    await expect(ann.page.getByText("Connected", { exact: true })).toBeVisible({ timeout: MEDIA_TIMEOUT });
    // Back without a press: the camera on, the microphone still muted, the self-view playing.
    await expect(ann.page.getByRole("button", { name: "Camera On" })).toHaveAttribute("aria-pressed", "true");
    await expect(ann.page.getByRole("button", { name: "Mic Off" })).toHaveAttribute("aria-pressed", "false");
    await expect(ann.page.getByRole("button", { name: "Enable Camera" })).toHaveCount(0);
    await expect
      .poll(() => ann.page.getByTestId("local-video").evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused), {
        timeout: MEDIA_TIMEOUT,
      })
      .toBe(true);
    expect(
      await ann.page.getByTestId("local-video").evaluate((v: HTMLVideoElement) => {
        const stream = v.srcObject as MediaStream;
        return stream.getAudioTracks().map((t) => t.enabled);
      }),
    ).toEqual([false]);
    // Ben sees Ann's camera again over a fresh connection.
    await remoteVideoPlays(ben.page);
    await reviewShot(ann.page, "room-camera-restored-1280");
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});

import { expect, test, type Browser } from "./fixtures";
import { api, newMemberPage, reviewShot, signIn } from "./helpers";

// TableSync's forms post to route actions, so they work before JavaScript loads, or without it (issue 13):
// create a room (picking its realm in the form), join it from the lobby, take a place from a link, leave.
test.use({ javaScriptEnabled: false });

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const memberWithoutScripts = (browser: Browser, firstName: string, viewport = DESKTOP) =>
  newMemberPage(browser, firstName, "Noscript", { javaScriptEnabled: false, viewport });

test("create room: errors beside the fields, then a room in the realm picked in the form", async ({ page }) => {
  await signIn(page, "Ria", "Noscript");
  const roomName = `No-script pod ${Date.now()}`;
  await page.goto("/tablesync");
  await page.getByRole("tab", { name: "Create Room" }).click();
  await expect(page).toHaveURL(/\/tablesync\?tab=create$/);
  // No realm chosen in the header (that needs JavaScript): the form has its own field.
  await expect(page.getByLabel("Realm", { exact: true })).toHaveValue("");

  await page.getByLabel("Description (optional)").fill("Bring sleeves.");
  await page.getByRole("button", { name: "Create Game Room" }).click();
  for (const message of ["Community required", "Room name required", "Format required"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Room name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Description (optional)")).toHaveValue("Bring sleeves.");
  await reviewShot(page, "no-js-create-room-errors", { fullPage: true });

  await page.getByLabel("Realm", { exact: true }).selectOption({ label: "Duelcraft" });
  await page.getByLabel("Room name").fill(roomName);
  await page.getByLabel("Format").selectOption("modern");
  await page.getByLabel("Max players").selectOption("2");
  await page.getByRole("button", { name: "Create Game Room" }).click();
  await expect(page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: roomName })).toBeVisible();
  await expect(page.getByText("Room created successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave Room" })).toBeVisible();
  await expect(page.getByText("The live table (video, chat, dice and turns) runs in your browser with JavaScript.")).toBeVisible();
  await reviewShot(page, "no-js-room-created", { fullPage: true });

  const id = page.url().split("/").pop()!;
  const room = await (await page.request.get(`/api/game-sessions/${id}`)).json();
  expect(room).toMatchObject({ communityId: "duelcraft", maxPlayers: 2, currentPlayers: 1, gameData: { description: "Bring sleeves." } });
});

test("join from the lobby, take a place from a link, leave: without JavaScript, desktop and phone", async ({ browser }) => {
  const host = await memberWithoutScripts(browser, "Hana");
  const joiner = await memberWithoutScripts(browser, "Jo", PHONE);
  const linked = await memberWithoutScripts(browser, "Lin");
  const roomName = `Open table ${Date.now()}`;
  try {
    await host.page.goto("/tablesync?tab=create");
    await host.page.getByLabel("Realm", { exact: true }).selectOption({ label: "Decksong" });
    await host.page.getByLabel("Room name").fill(roomName);
    await host.page.getByLabel("Format").selectOption("commander");
    await host.page.getByRole("button", { name: "Create Game Room" }).click();
    await expect(host.page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]{36}$/);
    const roomUrl = host.page.url();

    // Join Game on the lobby's card: one request, then the room.
    await joiner.page.goto("/tablesync");
    await joiner.page.getByTestId("room-card").filter({ hasText: roomName }).getByRole("button", { name: "Join Game" }).click();
    await expect(joiner.page).toHaveURL(roomUrl);
    await expect(joiner.page.getByText("Successfully joined!", { exact: true })).toBeVisible();
    await expect(joiner.page.getByRole("heading", { name: roomName })).toBeVisible();
    await reviewShot(joiner.page, "no-js-room-joined-phone", { fullPage: true });

    // A shared link to a room without a place: the page offers to take one.
    await linked.page.goto(`${roomUrl}?mode=spectate`);
    await linked.page.getByRole("button", { name: "Watch this table" }).click();
    await expect(linked.page.getByText("Spectating", { exact: true })).toBeVisible();
    await expect(linked.page.getByRole("button", { name: "Leave Room" })).toBeVisible();
    const session = await (await linked.page.request.get(`/api/game-sessions/${roomUrl.split("/").pop()}`)).json();
    expect(session).toMatchObject({ currentPlayers: 2, spectators: 1 });

    // The full room now offers Spectate (Full) in the lobby.
    await linked.page.goto("/tablesync");
    const card = linked.page.getByTestId("room-card").filter({ hasText: roomName });
    await expect(card).toContainText("2/4");

    await joiner.page.getByRole("button", { name: "Leave Room" }).click();
    await expect(joiner.page).toHaveURL(/\/tablesync$/);
    await expect(joiner.page.getByText("Left the room", { exact: true })).toBeVisible();
    await reviewShot(joiner.page, "no-js-room-left-phone", { fullPage: true });
  } finally {
    await host.context.close();
    await joiner.context.close();
    await linked.context.close();
  }
});

test("the lobby's upcoming game pods come with the page, without JavaScript, desktop and phone", async ({ browser }) => {
  const member = await memberWithoutScripts(browser, "Pia");
  try {
    const title = `No-script pod ${Date.now().toString(36)}`;
    // Early tomorrow, so it is among the first 24 upcoming pods whatever other tests made.
    const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await api(member.page, "POST", "/api/events", {
      title,
      type: "game_pod",
      date,
      time: "00:30",
      location: "TableSync",
      communityId: "decksong",
      playerSlots: 4,
      alternateSlots: 0,
    });
    for (const viewport of [DESKTOP, PHONE]) {
      await member.page.setViewportSize(viewport);
      await member.page.goto("/tablesync");
      const pods = member.page.getByTestId("lobby-events");
      // Server-rendered (issue 25): no skeleton waiting for a script that never runs.
      await expect(pods.getByRole("heading", { name: "Upcoming Game Pods" })).toBeVisible();
      await expect(pods.locator("[aria-busy=true]")).toHaveCount(0);
      await expect(pods.getByTestId("event-card").filter({ hasText: title })).toHaveCount(1);
      await reviewShot(member.page, `no-js-lobby-pods-${viewport.width}`);
    }
    // Visitors' landing too, with Login to Join.
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await visitor.newPage();
      await page.goto("/tablesync");
      const card = page.getByTestId("lobby-events").getByTestId("event-card").filter({ hasText: title });
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("button", { name: "Login to Join" })).toBeVisible();
    } finally {
      await visitor.close();
    }
  } finally {
    await member.context.close();
  }
});

test("Find me a seat without JavaScript: a form post that seats the member and opens the room", async ({ browser }) => {
  const host = await memberWithoutScripts(browser, "Sol");
  const seeker = await memberWithoutScripts(browser, "Sam", PHONE);
  try {
    // Sealed: no other spec opens a sealed room, so the search finds this one.
    const room = await api(host.page, "POST", "/api/game-sessions", {
      maxPlayers: 2,
      communityId: "decksong",
      gameData: { name: `No-script seat ${Date.now()}`, format: "sealed" },
    });
    await seeker.page.goto("/tablesync?format=sealed");
    await seeker.page.getByRole("button", { name: "Find me a seat" }).click();
    await expect(seeker.page).toHaveURL(new RegExp(`/tablesync/room/${room.id}$`));
    await expect(seeker.page.getByText("Successfully joined!", { exact: true })).toBeVisible();
    await expect(seeker.page.getByRole("button", { name: "Leave Room" })).toBeVisible();
  } finally {
    await host.context.close();
    await seeker.context.close();
  }
});

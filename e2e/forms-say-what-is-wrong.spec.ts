import { expect, test, type Page } from "./fixtures";
import { api, chooseCommunity, expectNoSidewaysScroll, gotoHydrated, newMemberPage, reviewShot, signIn, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

// Issue 37, "Forms that say what is wrong": what a member sees at 1366 and 390 px.

const toast = (page: Page, text: string) => page.locator("li[data-swipe-direction]", { hasText: text }).first();
const utcDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
const WIDTHS = [
  { name: "1366", viewport: { width: 1366, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of WIDTHS) {
  test(`an event or a tournament dated 1 January 2020 is refused beside its date, and nothing is made (${name} px)`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize(viewport);
    await signIn(page, "Dana", `Dates${name}`);
    await gotoHydrated(page, "/calendar");
    await chooseCommunity(page, "Duelcraft");
    await expect(page).toHaveURL(/realm=duelcraft/);
    await page.getByRole("button", { name: "Create Event" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Event" });
    const title = `New Year ${name} ${Date.now().toString(36)}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Type").selectOption({ label: "Community Event" });
    await dialog.getByLabel("Date").fill("2020-01-01");
    await dialog.getByLabel("Time", { exact: true }).fill("12:00");
    await dialog.getByLabel("Location").fill("Discord");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    const said = dialog.getByText("This day has passed: events, pods and tournaments start in the future");
    await expect(said).toBeVisible();
    await expect(dialog.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
    // Beside the field: the message is the date input's description.
    const describedBy = await dialog.getByLabel("Date").getAttribute("aria-describedby");
    expect(await said.getAttribute("id")).toBe(describedBy);
    await expect(toast(page, "Event created successfully!")).toHaveCount(0);
    await expectNoSidewaysScroll(page, `the refused event at ${name} px`);
    await reviewShot(page, `event-past-date-${name}`);
    const hosting = await api<{ title: string }[]>(page, "GET", "/api/events?scope=hosting&limit=200");
    expect(hosting.map((e) => e.title)).not.toContain(title);

    // The tournament form says the same of its start date.
    await gotoHydrated(page, "/tournaments");
    await page.getByRole("tab", { name: "Create Tournament" }).click();
    const form = page.getByRole("tabpanel");
    await form.getByLabel("Tournament Name *").fill(`Past Cup ${name}`);
    await form.getByLabel("Game Format *").selectOption("modern");
    await form.getByLabel("Start Date *").fill("2020-01-01T19:00");
    await form.getByRole("button", { name: "Create Tournament" }).click();
    await expect(form.getByText("This start has passed: a tournament starts in the future")).toBeVisible();
    await expect(form.getByLabel("Start Date *")).toHaveAttribute("aria-invalid", "true");
    // The refused field is where the member is taken (on a phone it is far above the Create button).
    await expect(form.getByLabel("Start Date *")).toBeFocused();
    await expect(page.getByText("Tournament created!", { exact: true })).toHaveCount(0);
    await expectNoSidewaysScroll(page, `the refused tournament at ${name} px`);
    await reviewShot(page, `tournament-past-date-${name}`);
  });
}

test("a pod's host is its first player: counted, seated, offered no Join, on the calendar (390 px) and in the lobby (1366 px)", async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "Holly", "Host");
  await gotoHydrated(page, "/calendar");
  await chooseCommunity(page, "Bladeforge");
  await expect(page).toHaveURL(/realm=bladeforge/);
  await page.getByRole("button", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Event" });
  const title = `Host pod ${Date.now().toString(36)}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Type").selectOption({ label: "Game Pod" });
  await dialog.getByLabel("Date").fill(utcDate(3));
  await dialog.getByLabel("Time", { exact: true }).fill("19:00");
  await dialog.getByLabel("Location").fill("TableSync");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page, "Event created successfully!")).toBeVisible();
  const mine = page.getByRole("region", { name: "Selected event" }).getByTestId("event-card");
  await expect(mine).toContainText("1 attending");
  await expect(mine.getByTestId("pod-seats")).toHaveText("Players 1/4 · Waiting list 0/2");
  await expect(mine.getByTestId("seat-badge")).toHaveText("Main player");
  await expect(mine.getByText("You host")).toBeVisible();
  await expect(mine.getByRole("button", { name: "Join as Player" })).toHaveCount(0);
  await expectNoSidewaysScroll(page, "the host's pod card at 390 px");
  await reviewShot(page, "pod-host-calendar-390");

  // Another member in the lobby at 1366 px sees her among the players, and joins.
  const guest = await newMemberPage(browser, "Gil", "Guest");
  try {
    await guest.page.setViewportSize({ width: 1366, height: 900 });
    await gotoHydrated(guest.page, "/tablesync");
    await chooseCommunity(guest.page, "Bladeforge");
    const lobbyCard = guest.page.getByTestId("lobby-events").getByTestId("event-card").filter({ hasText: title });
    await expect(lobbyCard.getByTestId("pod-seats")).toHaveText("Players 1/4 · Waiting list 0/2");
    await expect(lobbyCard).toContainText("Hosted by Holly");
    await lobbyCard.getByRole("button", { name: "Join as Player" }).click();
    await expect(toast(guest.page, "Joined as player!")).toBeVisible();
    await expect(lobbyCard.getByTestId("pod-seats")).toHaveText("Players 2/4 · Waiting list 0/2");
    await expect(lobbyCard).toContainText("2 attending");
    await reviewShot(guest.page, "pod-host-lobby-1366");

    // The host's own lobby card agrees: counted, seated, no Join.
    await gotoHydrated(page, "/tablesync");
    await chooseCommunity(page, "Bladeforge");
    const hostCard = page.getByTestId("lobby-events").getByTestId("event-card").filter({ hasText: title });
    await expect(hostCard.getByTestId("pod-seats")).toHaveText("Players 2/4 · Waiting list 0/2");
    await expect(hostCard.getByRole("button", { name: "Leave Event" })).toBeVisible();
    await expect(hostCard.getByRole("button", { name: "Join as Player" })).toHaveCount(0);
    await hostCard.scrollIntoViewIfNeeded();
    await reviewShot(page, "pod-host-lobby-390");
  } finally {
    await guest.context.close();
  }
});

for (const { name, viewport } of WIDTHS) {
  test(`deck links: Archidekt only, said up front; a Moxfield link and a missing deck say why beside the link; the deck's own name is kept (${name} px)`, async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize(viewport);
    await signIn(page, "Lin", `Links${name}`);
    await gotoHydrated(page, "/profile");
    const decks = page.getByTestId("profile-decks");
    const link = decks.getByLabel("Or a link to a public Archidekt deck");
    await expect(
      decks.getByText("Archidekt links only. From Moxfield, paste the list instead: open the deck, choose More, then Export."),
    ).toBeVisible();

    await link.fill("https://moxfield.com/decks/AbCdEf123");
    await decks.getByRole("button", { name: "Check list" }).click();
    await expect(decks.getByText(/^Moxfield does not let other sites read its decks/)).toBeVisible();
    await expect(link).toHaveAttribute("aria-invalid", "true");
    await expect(decks.getByRole("button", { name: "Save deck" })).toBeEnabled();
    await reviewShot(page, `deck-link-moxfield-${name}`);

    await link.fill("https://archidekt.com/decks/1/nothing_here");
    await decks.getByRole("button", { name: "Check list" }).click();
    await expect(decks.getByText("No deck at that link: check it, and that the deck is not private on Archidekt")).toBeVisible();
    await expect(link).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page, `the deck link's error at ${name} px`);
    // The page reloads its data after the answer: the shot shows the settled form, not "Looking the cards up…".
    await expect(decks.getByRole("button", { name: "Save deck" })).toBeEnabled();
    await reviewShot(page, `deck-link-missing-${name}`);

    // No name typed: the deck is saved under the name Archidekt gives it (the fake serves Archidekt's shape).
    await link.fill("https://archidekt.com/decks/910002/krenko_goblins");
    await expect(decks.getByLabel("Deck name")).toHaveValue("");
    await decks.getByRole("button", { name: "Save deck" }).click();
    await expect(page.getByText("Deck saved", { exact: true })).toBeVisible();
    const saved = decks.getByRole("list", { name: "Saved decks" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText("Krenko Goblins");
    await expect(saved).toContainText("Krenko, Mob Boss · 100 cards");
    await reviewShot(page, `deck-link-saved-${name}`);
  });
}

for (const { name, viewport } of WIDTHS) {
  test(`Find me a seat that finds nothing opens Create Room from the saved preference and the member's realm; every Create Room offers to tell waiting members (${name} px)`, async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize(viewport);
    await signIn(page, "Pia", `Prefers${name}`);
    // Draft at power 9-10: no spec opens a draft room, and the demo's draft room is 7-8, so nothing fits.
    await gotoHydrated(page, "/");
    const prefs = await api(page, "GET", "/api/matchmaking/preferences");
    await api(page, "PUT", "/api/matchmaking/preferences", {
      ...Object.fromEntries(Object.entries(prefs).filter(([key]) => key !== "saved")),
      selectedGames: ["Magic"],
      selectedFormats: ["draft"],
      powerLevelMin: 9,
      powerLevelMax: 10,
    });
    await api(page, "PATCH", "/api/user/profile", { primaryCommunity: "bladeforge" });

    // The plain Create Room tab offers the announcement too, unticked.
    await gotoHydrated(page, "/tablesync?tab=create");
    await chooseCommunity(page, "All Realms");
    const form = page.getByRole("form", { name: "Create room" });
    const announce = form.getByLabel("Tell members who are waiting for a room like this");
    await expect(announce).not.toBeChecked();
    await expect(form.getByText("you can announce 3 rooms an hour", { exact: false })).toBeVisible();

    // All Realms, no filter: Find me a seat finds nothing and opens Create Room from the preference, in her realm.
    await gotoHydrated(page, "/tablesync");
    await page.getByRole("button", { name: "Find me a seat" }).click();
    await expect(page).toHaveURL(/tab=create/);
    await expect(page.getByText("No open seat fits you right now", { exact: true })).toBeVisible();
    await waitForHydration(page);
    await expect(form.getByLabel("Format")).toHaveValue("draft");
    await expect(form.getByLabel("Power level")).toHaveValue("competitive");
    await expect(page.getByText("Creating a room in Bladeforge.")).toBeVisible();
    await expect(page.getByTestId("realm-selector").first()).toContainText("Bladeforge");
    await expect(form.getByLabel("Tell members who are waiting for a room like this")).toBeChecked();
    await expect(form.getByLabel("Room name")).toBeEnabled();
    await expectNoSidewaysScroll(page, `Create Room after Find me a seat at ${name} px`);
    await reviewShot(page, `find-seat-prefilled-${name}`, { fullPage: true });
  });
}

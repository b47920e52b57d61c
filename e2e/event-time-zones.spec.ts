import { expect, test, type Page } from "./fixtures";
import { api, chooseCommunity, gotoHydrated, reviewShot, signIn } from "./helpers";
import { scaled } from "./time-budget";

const toast = (page: Page, text: string) => page.locator("li[data-swipe-direction]", { hasText: text }).first();

/** The focused event's card (the calendar also lists it under the day). */
const selectedEvent = (page: Page, title: string) =>
  page.getByRole("region", { name: "Selected event" }).getByTestId("event-card").filter({ hasText: title });

/** Hydration mismatches React reports in the console. */
function hydrationWarnings(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if ((message.type() === "error" || message.type() === "warning") && /hydrat|did not match|server rendered/i.test(text))
      found.push(text);
  });
  return found;
}

test("an event keeps its creator's zone; each member sees their own zone; the .ics carries the instant", async ({ browser, baseURL }) => {
  test.setTimeout(scaled(120_000));
  // The host is in Berlin: the form defaults to the browser's zone and says so.
  const berlin = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const host = await berlin.newPage();
  const hostWarnings = hydrationWarnings(host);
  await signIn(host, "Zoned", "Host");
  await gotoHydrated(host, "/calendar");
  await chooseCommunity(host, "Decksong");
  await host.getByRole("button", { name: "Create Event" }).click();
  const dialog = host.getByRole("dialog", { name: "Create Event" });
  await expect(dialog.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(dialog.getByTestId("time-zone-hint")).toHaveText(/Your browser's time zone \(Europe\/Berlin\)/);
  const title = `Zone night ${Date.now().toString(36)}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Type").selectOption({ label: "Community Event" });
  await dialog.getByLabel("Date").fill("2030-12-03");
  await dialog.getByLabel("Time", { exact: true }).fill("18:00");
  await dialog.getByLabel("Location").fill("Discord");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(host, "Event created successfully!")).toBeVisible();
  await expect(host).toHaveURL(/event=/);
  const eventId = new URL(host.url()).searchParams.get("event")!;
  const hostCard = selectedEvent(host, title);
  await expect(hostCard.getByTestId("event-when")).toHaveText("Tue, Dec 3, 2030 · 18:00 Europe/Berlin");
  await expect(hostCard.getByTestId("event-host-time")).toHaveCount(0);

  // The calendar file carries the instant: 18:00 in Berlin (UTC+1 in December) is 17:00Z.
  const ics = await host.request.get(`${baseURL}/api/events/${eventId}/ics`);
  expect(await ics.text()).toContain("DTSTART:20301203T170000Z");

  // A member in New York sees 12:00 New York time, and the host's own time beside it.
  const newYork = await browser.newContext({ timezoneId: "America/New_York" });
  const guest = await newYork.newPage();
  const guestWarnings = hydrationWarnings(guest);
  await signIn(guest, "Far", "Guest");
  await gotoHydrated(guest, `/calendar?realm=decksong&month=2030-12&event=${eventId}`);
  const guestCard = selectedEvent(guest, title);
  await expect(guestCard.getByTestId("event-when")).toHaveText("Tue, Dec 3, 2030 · 12:00 America/New_York");
  await expect(guestCard.getByTestId("event-host-time")).toHaveText("Host's time: Tue, Dec 3, 2030 · 18:00 Europe/Berlin");
  await reviewShot(guest, "event-time-zones-guest");

  expect(hostWarnings).toEqual([]);
  expect(guestWarnings).toEqual([]);
  await berlin.close();
  await newYork.close();
});

test("upcoming events say how far away they are", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  const warnings = hydrationWarnings(page);
  await signIn(page, "Soon", "Host");
  await gotoHydrated(page, "/calendar");
  await chooseCommunity(page, "Duelcraft");
  await page.getByRole("button", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Event" });
  await expect(dialog.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const title = `Soon ${Date.now().toString(36)}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Type").selectOption({ label: "Community Event" });
  await dialog.getByLabel("Date").fill(date);
  await dialog.getByLabel("Time", { exact: true }).fill("12:00");
  await dialog.getByLabel("Location").fill("Discord");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page, "Event created successfully!")).toBeVisible();
  const card = selectedEvent(page, title);
  await expect(card.getByTestId("event-when")).toHaveText(/12:00 Asia\/Tokyo \(in \d days\)$/);
  expect(warnings).toEqual([]);
  await context.close();
});

test("the month grid puts an event on the viewer's own date: 01:00 in Berlin on the 2nd is on the 1st in New York", async ({ browser }) => {
  test.setTimeout(scaled(90_000));
  const title = `Early table ${Date.now().toString(36)}`;
  const berlin = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const newYork = await browser.newContext({ timezoneId: "America/New_York", viewport: { width: 390, height: 844 } });
  try {
    const host = await berlin.newPage();
    await signIn(host, "Early", "Host");
    await api(host, "POST", "/api/events", {
      title,
      type: "community",
      date: "2031-03-02",
      time: "01:00",
      timeZone: "Europe/Berlin",
      location: "Discord",
      communityId: "decksong",
    });
    const cell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
    await gotoHydrated(host, "/calendar?realm=decksong&month=2031-03");
    await host.getByRole("tab", { name: "Calendar" }).click();
    await expect(cell(host, "2031-03-02")).toHaveAttribute("aria-label", new RegExp(title));
    await expect(cell(host, "2031-03-01")).not.toHaveAttribute("aria-label", new RegExp(title));

    const guest = await newYork.newPage();
    const guestWarnings = hydrationWarnings(guest);
    await signIn(guest, "Early", "Guest");
    await gotoHydrated(guest, "/calendar?realm=decksong&month=2031-03");
    await guest.getByRole("tab", { name: "Calendar" }).click();
    await expect(cell(guest, "2031-03-01")).toHaveAttribute("aria-label", new RegExp(title));
    await expect(cell(guest, "2031-03-02")).not.toHaveAttribute("aria-label", new RegExp(title));
    await cell(guest, "2031-03-01").click();
    await expect(guest.getByRole("heading", { name: "Saturday, March 1, 2031" })).toBeVisible();
    await expect(guest.getByTestId("event-card").filter({ hasText: title }).getByTestId("event-when")).toHaveText(
      /Sat, Mar 1, 2031 · 19:00 America\/New_York/,
    );
    await reviewShot(guest, "calendar-viewer-day-390");
    expect(guestWarnings).toEqual([]);
  } finally {
    await berlin.close();
    await newYork.close();
  }
});

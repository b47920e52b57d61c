import { expect, test } from "./fixtures";
import { api, newMemberPage, reviewShot, signIn, signInWithoutScripts } from "./helpers";
import { scaled } from "./time-budget";

// Event create and join work before JavaScript loads, or without it (issue 13): the calendar's
// forms post to its route action, which redirects back with the toast.
test.use({ javaScriptEnabled: false });

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** yyyy-mm-dd, n days from today in UTC (event times are UTC). */
const utcDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

// The one walk through the sign-in page with scripts off (every other test signs in through its endpoint).
test("sign in, create an event (errors beside the fields first) and join a game pod, all without JavaScript", async ({ page, browser }) => {
  test.setTimeout(scaled(120_000));
  // Another member, with JavaScript, hosts a pod in Duelcraft through the API.
  const { context: hostContext, page: host } = await newMemberPage(browser, "Hana", "Host", { javaScriptEnabled: true });
  const pod = await api<{ id: string }>(host, "POST", "/api/events", {
    title: `No-JS pod ${Date.now().toString(36)}`,
    type: "game_pod",
    date: utcDate(3),
    time: "20:00",
    location: "TableSync",
    communityId: "duelcraft",
    playerSlots: 2,
    alternateSlots: 1,
  });

  await page.setViewportSize(DESKTOP);
  await signInWithoutScripts(page, "Nell", "Nojs");
  await page.getByRole("link", { name: "Calendar", exact: true }).first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("heading", { name: "Event Calendar" })).toBeVisible();

  // No realm yet: Create Event waits for one; the realm list is right there.
  await expect(page.getByRole("button", { name: "Create Event" })).toBeDisabled();
  await expect(page.getByText("Select a specific realm to create events")).toBeVisible();
  await page.getByRole("navigation", { name: "Realms" }).getByRole("link", { name: "Duelcraft" }).click();
  await expect(page).toHaveURL(/realm=duelcraft/);
  await expect(page.getByText("Duels in Duelcraft")).toBeVisible();

  // Create Event opens the form in the page.
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page).toHaveURL(/create=1/);
  const form = page.getByRole("region", { name: "Create Event" });
  await expect(form.getByLabel("Community")).toHaveValue("duelcraft");
  const title = `Nojs night ${Date.now().toString(36)}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Type").selectOption({ label: "Community Event" });
  await form.getByLabel("Date").fill(utcDate(5));
  await form.getByLabel("Time", { exact: true }).fill("18:30");
  await form.getByRole("button", { name: "Create Event" }).click();

  // The server's errors show beside the fields, and what was typed is still there.
  await expect(form.getByText("Location is required", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Location")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByLabel("Time", { exact: true })).toHaveValue("18:30");
  await reviewShot(page, "no-js-create-errors-1366", { fullPage: true });

  // A day that has passed is refused beside the date (issue 37); the rest typed stays.
  await form.getByLabel("Location").fill("Card shop back room");
  await form.getByLabel("Date").fill("2020-01-01");
  await form.getByRole("button", { name: "Create Event" }).click();
  await expect(form.getByText("This day has passed: events, pods and tournaments start in the future")).toBeVisible();
  await expect(form.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Location")).toHaveValue("Card shop back room");
  await form.getByLabel("Date").fill(utcDate(5));
  await form.getByRole("button", { name: "Create Event" }).click();
  await expect(page).toHaveURL(/event=/);
  await expect(page).not.toHaveURL(/create=1/);
  await expect(page.getByRole("status").filter({ hasText: "Event created successfully!" })).toBeVisible();
  const mine = page.getByRole("region", { name: "Selected event" }).getByTestId("event-card");
  await expect(mine).toContainText(title);
  await expect(mine).toContainText("Card shop back room");
  await expect(mine).toContainText("Hosted by Nell");
  await reviewShot(page, "no-js-created-1366", { fullPage: true });

  // Join Hana's pod (opened from its link, as from a notification).
  await page.goto(`/calendar?realm=duelcraft&event=${pod.id}`);
  const podCard = page.getByRole("region", { name: "Selected event" }).getByTestId("event-card");
  // Hana hosts it and holds its first seat (issue 37).
  await expect(podCard.getByTestId("pod-seats")).toHaveText("Players 1/2 · Waiting list 0/1");
  await podCard.getByRole("button", { name: "Join as Player" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Joined event successfully!" })).toContainText(
    "You're confirmed as a main player.",
  );
  await expect(podCard.getByTestId("seat-badge")).toHaveText("Main player");
  await expect(podCard.getByTestId("pod-seats")).toHaveText("Players 2/2 · Waiting list 0/1");
  await expect(podCard.getByRole("button", { name: "Leave Event" })).toBeVisible();
  await page.setViewportSize(PHONE);
  await reviewShot(page, "no-js-joined-390", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The host sees the new player.
  await host.goto(`/calendar?event=${pod.id}`);
  await expect(host.getByRole("region", { name: "Selected event" }).getByTestId("pod-seats")).toHaveText("Players 2/2 · Waiting list 0/1");
  await hostContext.close();
});

test("a refused join says why on the page, without JavaScript", async ({ page, browser }) => {
  test.setTimeout(scaled(90_000));
  const { context: hostContext, page: host } = await newMemberPage(browser, "Fay", "Full", { javaScriptEnabled: true });
  const pod = await api<{ id: string }>(host, "POST", "/api/events", {
    title: `Tiny pod ${Date.now().toString(36)}`,
    type: "game_pod",
    date: utcDate(2),
    time: "21:00",
    location: "TableSync",
    communityId: "bladeforge",
    playerSlots: 3,
    alternateSlots: 0,
    maxAttendees: 2,
  });

  await signIn(page, "Gus", "Late");
  await page.goto(`/calendar?event=${pod.id}`);
  // Fay holds one place as its host; Hal fills the last while Gus looks at the page.
  const { context: halContext, page: hal } = await newMemberPage(browser, "Hal", "Quick", { javaScriptEnabled: true });
  await api(hal, "POST", `/api/events/${pod.id}/join`, { status: "attending" });
  const card = page.getByRole("region", { name: "Selected event" }).getByTestId("event-card");
  await card.getByRole("button", { name: "Join as Player" }).click();
  await expect(page.getByRole("alert")).toContainText("Failed to join event");
  await expect(page.getByRole("alert")).toContainText("This event has reached its maximum number of attendees");
  await expect(card.getByTestId("seat-badge")).toHaveCount(0);
  await hostContext.close();
  await halContext.close();
});

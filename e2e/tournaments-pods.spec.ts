import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { api, expectAxeClean, expectNoSidewaysScroll, newMemberPage, reviewShot, signIn, siteOrigin, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";
import { startIn } from "./tournaments-start";

/**
 * Issue 37: a Commander tournament is played in Swiss pods. Thirteen members sit in pods of 4, 4 and 5 for three
 * rounds, then the top 4 play a final pod. The organizer pairs, records and finishes through the page; the members
 * join through the API (the Join button is walked in e2e/tournaments.spec.ts), and two of them report from their
 * own pages, one without JavaScript.
 */

const FIRST_NAMES = ["Ada", "Bea", "Cal", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kai", "Lux", "Mo"];
const round = (page: Page, n: number) => page.getByRole("region", { name: new RegExp(`^Round ${n}(?!\\d)`) });
const pods = (page: Page, n: number) => round(page, n).getByTestId("pod");

/** The players of pod `index` of round `n`, in turn order (seat 1 first), as the page lists them. */
async function seatNames(page: Page, n: number, index: number): Promise<string[]> {
  return (await pods(page, n).nth(index).getByTestId("seat-name").allInnerTexts()).map((text) => text.trim());
}

/** The organizer records a pod from the page: a winner's name, or "Draw" with the players eliminated before it. */
async function record(page: Page, n: number, index: number, choice: string, eliminated: string[] = []) {
  const pod = pods(page, n).nth(index);
  const form = pod.getByRole("form", { name: /^Result of pod/ });
  await form.getByRole("radio", { name: choice, exact: true }).check();
  for (const name of eliminated) await form.getByRole("checkbox", { name, exact: true }).uncheck();
  await form.getByRole("button", { name: "Record result" }).click();
  await expect(pod.getByText("Final", { exact: true })).toBeVisible();
}

test("a Commander Swiss tournament of 13: pods of 4, 4 and 5 in turn order, three rounds, a top 4, standings", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(scaled(420_000));
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Tova", "Organizer");
  await page.goto("/tournaments");

  // Create: Commander offers Swiss pods only, with a round time.
  const name = `cEDH Night ${Date.now()}`;
  await page.getByRole("tab", { name: "Create Tournament" }).click();
  const form = page.getByRole("tabpanel");
  await form.getByLabel("Tournament Name *").fill(name);
  await form.getByLabel("Game Format *").selectOption("commander");
  await expect(form.getByLabel("Pairing").locator("option")).toHaveText(["Swiss pods + top cut"]);
  await expect(form.getByLabel("Round time (minutes)")).toHaveValue("80");
  await form.getByLabel("Start Date *").fill(startIn(30).field);
  await form.getByLabel("Max Participants").selectOption("16");
  await form.getByRole("button", { name: "Create Tournament" }).click();
  await expect(page.getByText("Tournament created!", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Browse Tournaments" }).click();
  await page
    .getByTestId("tournament-card")
    .filter({ hasText: name })
    .getByRole("link", { name: `Details of ${name}` })
    .click();
  await expect(page).toHaveURL(/\/tournaments\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText("Commander/EDH · Swiss pods")).toBeVisible();

  // Thirteen members sign in and join.
  const origin = siteOrigin();
  const members = new Map<string, APIRequestContext>();
  for (const first of FIRST_NAMES) {
    const member = await playwright.request.newContext({ baseURL: origin });
    const email = `${first.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.realmcast.gg`;
    const login = await member.post("/api/login/dev", {
      form: { firstName: first, lastName: "Pod", email },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(303);
    const joined = await member.post(`/api/tournaments/${id}/join`, { headers: { Origin: origin } });
    expect(joined.ok(), await joined.text()).toBe(true);
    members.set(`${first} Pod`, member);
  }
  await page.reload();
  await expect(page.getByTestId("participants").getByRole("listitem")).toHaveCount(13);

  // Start: round 1 seats 13 players in pods of 4, 4 and 5, each in turn order, timed.
  await page.getByRole("button", { name: "Start Tournament" }).click();
  await expect(page.getByTestId("tournament-status")).toHaveText("active");
  await expect(pods(page, 1)).toHaveCount(3);
  for (const [index, size] of [4, 4, 5].entries()) await expect(pods(page, 1).nth(index).getByTestId("pod-seat")).toHaveCount(size);
  await expect(round(page, 1).getByTestId("round-clock")).toContainText(/min left/);
  const seated = (await Promise.all([0, 1, 2].map((i) => seatNames(page, 1, i)))).flat();
  expect(seated.sort()).toEqual(FIRST_NAMES.map((f) => `${f} Pod`).sort());
  await expect(page.getByRole("button", { name: "Next Round" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Call Time" })).toBeDisabled();
  await reviewShot(page, "pods-round1-1366", { fullPage: true });

  // Round 1, pod 1: its first player reports from their own page that seat 2 won; the organizer's page shows the
  // report and records it (the form starts from the report).
  let pod1 = await seatNames(page, 1, 0);
  const reporter = await browser.newContext({ storageState: await members.get(pod1[0])!.storageState() });
  const reporterPage = await reporter.newPage();
  await reporterPage.goto(`/tournaments/${id}`);
  await waitForHydration(reporterPage);
  const theirPod = pods(reporterPage, 1).filter({ hasText: pod1[0] });
  await theirPod
    .getByRole("form", { name: /^Result of pod/ })
    .getByRole("radio", { name: pod1[1], exact: true })
    .check();
  await theirPod.getByRole("button", { name: "Report result" }).click();
  await expect(reporterPage.getByText("Result reported", { exact: true })).toBeVisible();
  await expect(theirPod.getByText("Awaiting result", { exact: true })).toBeVisible();
  // The pod's room: one click opens it for the pod (its players take their pod seats; test/tournament-pods.test.ts).
  await theirPod.getByRole("button", { name: "Open pod room" }).click();
  await expect(reporterPage).toHaveURL(/\/tablesync\/room\/[0-9a-f-]{36}$/);
  await expect(reporterPage.getByRole("heading", { level: 1 })).toHaveText(`${name}: Round 1, Pod 1`);
  await page.reload();
  await expect(pods(page, 1).nth(0)).toContainText(`${pod1[0]} reported: ${pod1[1]} won.`);
  await expect(pods(page, 1).nth(0).getByRole("radio", { name: pod1[1], exact: true })).toBeChecked();
  await pods(page, 1).nth(0).getByRole("button", { name: "Record result" }).click();
  await expect(pods(page, 1).nth(0).getByText("Final", { exact: true })).toBeVisible();
  await reporter.close();
  // Pod 2: the last seat wins. Pod 3 (five players): a draw at time, its first player eliminated before it.
  const pod2 = await seatNames(page, 1, 1);
  await record(page, 1, 1, pod2[3]);
  const pod3 = await seatNames(page, 1, 2);
  await record(page, 1, 2, "Draw", [pod3[0]]);
  await expect(page.getByRole("button", { name: "Next Round" })).toBeEnabled();
  const rows = page.getByTestId("standings").locator("tbody tr");
  await expect(rows).toHaveCount(13);
  await expect(rows.nth(0).locator("td").nth(2)).toHaveText("5");
  await expect(rows.nth(1).locator("td").nth(2)).toHaveText("5");
  await expect(rows.nth(2).locator("td").nth(2)).toHaveText("1");

  // Round 2: the winners of round 1 share the top pod's points group; a player reports without JavaScript.
  await page.getByRole("button", { name: "Next Round" }).click();
  await expect(pods(page, 2)).toHaveCount(3);
  await expect(page.getByTestId("round-info")).toHaveText("2 of 3 suggested");
  const winnersOfRound1 = [pod1[1], pod2[3]];
  pod1 = await seatNames(page, 2, 0);
  expect(pod1).toEqual(expect.arrayContaining(winnersOfRound1));
  await record(page, 2, 0, pod1[0]);
  const pod2r2 = await seatNames(page, 2, 1);
  const noScript = await browser.newContext({ storageState: await members.get(pod2r2[2])!.storageState(), javaScriptEnabled: false });
  const noScriptPage = await noScript.newPage();
  await noScriptPage.goto(`/tournaments/${id}`);
  const plainPod = pods(noScriptPage, 2).filter({ hasText: pod2r2[2] });
  await plainPod.getByRole("radio", { name: pod2r2[2], exact: true }).check();
  await plainPod.getByRole("button", { name: "Report result" }).click();
  await expect(noScriptPage.getByRole("status").filter({ hasText: "Result reported" })).toBeVisible();
  await expect(pods(noScriptPage, 2).filter({ hasText: pod2r2[2] })).toContainText(`${pod2r2[2]} reported: ${pod2r2[2]} won.`);
  await noScript.close();
  await page.reload();
  await pods(page, 2).nth(1).getByRole("button", { name: "Record result" }).click();
  await expect(pods(page, 2).nth(1).getByText("Final", { exact: true })).toBeVisible();
  const pod3r2 = await seatNames(page, 2, 2);
  await record(page, 2, 2, pod3r2[4]);

  // Round 3.
  await page.getByRole("button", { name: "Next Round" }).click();
  await expect(pods(page, 3)).toHaveCount(3);
  await record(page, 3, 0, (await seatNames(page, 3, 0))[2]);
  await record(page, 3, 1, "Draw");
  await record(page, 3, 2, (await seatNames(page, 3, 2))[1]);
  await expect(page.getByTestId("round-info")).toHaveText("3 of 3 suggested");
  const swissTop4 = (await rows.locator("td:nth-child(2)").allInnerTexts()).slice(0, 4).map((t) => t.trim());
  await reviewShot(page, "pods-swiss-standings-1366", { fullPage: true });

  // The top 4: one final pod of the four best by standing, seated best first, untimed, a winner only.
  await page.getByRole("button", { name: "Start Top 4" }).click();
  await expect(round(page, 4)).toBeVisible();
  await expect(round(page, 4).getByRole("heading")).toContainText("Round 4: top cut, final");
  await expect(pods(page, 4)).toHaveCount(1);
  expect(await seatNames(page, 4, 0)).toEqual(swissTop4);
  await expect(pods(page, 4).getByRole("radio", { name: "Draw" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Next Round" })).toHaveCount(0);
  const champion = swissTop4[3];
  await record(page, 4, 0, champion);
  await page.getByRole("button", { name: "Finish Tournament" }).click();
  await expect(page.getByTestId("tournament-status")).toHaveText("completed");

  // Final standings: the cut's winner first, the other finalists by standing, then the Swiss order.
  await expect(rows.nth(0)).toContainText(champion);
  await expect(rows.nth(0)).toContainText("Winner");
  for (const i of [1, 2, 3]) await expect(rows.nth(i)).toContainText("Finalist");
  const finalOrder = (await rows.locator("td:nth-child(2)").allInnerTexts()).map((t) =>
    t
      .split("\n")[0]
      .replace(/(Winner|Finalist)$/, "")
      .trim(),
  );
  expect(finalOrder.slice(0, 4)).toEqual([champion, ...swissTop4.filter((n) => n !== champion)]);
  await expect(page.getByRole("columnheader", { name: "OWP" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Avg seat" })).toBeVisible();
  await expectAxeClean(page, "a finished Commander tournament's page", "main");
  await page.evaluate(() => window.scrollTo(0, 0));
  await reviewShot(page, "pods-final-1366", { fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expectNoSidewaysScroll(page, "the Commander tournament page at 390 px");
  await reviewShot(page, "pods-final-390", { fullPage: true });
  for (const member of members.values()) await member.dispose();
});

test("a tournament dated days ahead cannot be started yet: the page says from when", async ({ page }) => {
  await signIn(page, "Ulla", "Planner");
  const startDate = new Date(Date.now() + 3 * 86_400_000);
  startDate.setSeconds(0, 0);
  const cup = await api(page, "POST", "/api/tournaments", {
    name: `Next week's cEDH ${Date.now()}`,
    gameFormat: "commander",
    maxParticipants: 8,
    startDate: startDate.toISOString(),
    communityId: "scry-gather",
  });
  for (const first of ["Vic", "Wes", "Xan"]) {
    const { context, page: member } = await newMemberPage(page.context().browser()!, first);
    await api(member, "POST", `/api/tournaments/${cup.id}/join`);
    await context.close();
  }
  await page.goto(`/tournaments/${cup.id}`);
  await waitForHydration(page);
  const opens = new Date(startDate.getTime() - 60 * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const when = `${opens.toLocaleString("en-US", { month: "short" })} ${pad(opens.getDate())}, ${pad(opens.getHours())}:${pad(opens.getMinutes())}`;
  await expect(page.getByTestId("start-window")).toHaveText(`You can start it from ${when}, 60 minutes before it begins.`);
  await expect(page.getByRole("button", { name: "Start Tournament" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Start Tournament" })).toHaveAccessibleDescription(/You can start it from/);
  // The API says the same, with the date.
  const refused = await page.context().request.post(`/api/tournaments/${cup.id}/start`, { headers: { Origin: siteOrigin() } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toContain("60 minutes before");
  await reviewShot(page, "pods-not-yet-1366");
});

import { loadavg } from "node:os";
import type { Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, expectNoSidewaysScroll, gotoHydrated, newMemberPage, reviewShot } from "./helpers";
import {
  cameraBrowser,
  expectPlaying,
  expectWaitedForNothing,
  firstClickFigures,
  identifierReady,
  keypointsReady,
  LEFT,
  MEDIA_TIMEOUT,
  printing,
  RIGHT,
  TARGET_MS,
  tilePoint,
  watchLongTasks,
  watchVideo,
  writeVideo,
} from "./identify-helpers";
import { clickCpu, rendererThreadsCpu } from "./renderer-cpu";
import { scaled } from "./time-budget";

// Click-to-identify knows every printing (issue 36). Alice's camera shows two reprints side by side, each with art of
// its own (the fake card service's other printings): Sol Ring of C21 263, which her deck names by set and number,
// and Lightning Bolt of CLB 187, which her deck names without a printing (so any printing of it is the card). Bob
// clicks each and is told the card and the printing. The references were made on the server when the deck was saved.

test("a deck line's named printing is identified by that printing's art, and a line without one by any printing", async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(scaled(120_000));
  const video = testInfo.outputPath("printings.y4m");
  writeVideo(video, printing("Sol Ring", "c21"), printing("Lightning Bolt", "clb"));
  const cardCamera = await cameraBrowser(playwright.chromium, testInfo, video);
  const alice = await newMemberPage(cardCamera, "Alice", "Reprints", { baseURL: testInfo.project.use.baseURL });
  const bob = await newMemberPage(browser, "Bob", "Looks", { viewport: { width: 1366, height: 900 } });
  await watchVideo(bob.context);
  try {
    const deckName = `Reprints ${Date.now()}`;
    const deck = await api<{
      id: string;
      cards: { card: { name: string; set: string; collectorNumber: string }; printingGiven?: boolean }[];
    }>(alice.page, "POST", "/api/decks", {
      name: deckName,
      text: "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring (C21) 263\n1 Lightning Bolt\n1 Arcane Signet\n1 Command Tower\n1 Counterspell\n",
    });
    expect(deck.cards.find((c) => c.card.name === "Sol Ring")).toMatchObject({
      card: { set: "c21", collectorNumber: "263" },
      printingGiven: true,
    });
    const room = await api<{ id: string }>(alice.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Reprint pod ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    for (const { page } of [alice, bob]) {
      await gotoHydrated(page, roomUrl);
      await expect(page.getByText("Connected", { exact: true })).toBeVisible({ timeout: MEDIA_TIMEOUT });
    }
    await alice.page.getByTestId("players-list").getByRole("button", { name: "Choose your deck" }).click();
    const deckDialog = alice.page.getByRole("dialog", { name: "Your deck at this table" });
    await deckDialog.getByRole("button", { name: deckName }).click();
    await expect(deckDialog).toBeHidden();
    await expect(bob.page.getByTestId("player-row").filter({ hasText: "Alice Reprints" }).getByTestId("seat-commander")).toHaveText(
      "Atraxa, Praetors' Voice",
    );
    // The references were made when the deck was saved; the table's are complete (the state the first click finds).
    await expect
      .poll(async () => (await api<{ pending: number }>(bob.page, "GET", `/api/game-sessions/${room.id}/card-references`)).pending, {
        timeout: MEDIA_TIMEOUT,
      })
      .toBe(0);

    await alice.page.getByRole("button", { name: "Enable Camera" }).click();
    const remote = bob.page.getByTestId("remote-video");
    await expectPlaying(remote);

    const panel = bob.page.getByRole("dialog", { name: "Identify card" });
    // The line named C21 263: known by that printing's art.
    await remote.click({ position: await tilePoint(remote, LEFT) });
    await expect(panel.getByTestId("identified-card")).toHaveText("Sol Ring", { timeout: MEDIA_TIMEOUT });
    await expect(panel.getByTestId("identified-printing")).toHaveText("C21 · 263");
    await expect(panel.getByTestId("identified-from")).toHaveText("from the table's decks");
    await reviewShot(bob.page, "room-identify-printing-sol-ring-1366");
    await bob.page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);

    // The line without a printing: the deck holds another printing (M10 146), and the camera's CLB 187 is the card.
    await remote.click({ position: await tilePoint(remote, RIGHT) });
    await expect(panel.getByTestId("identified-card")).toHaveText("Lightning Bolt", { timeout: MEDIA_TIMEOUT });
    await expect(panel.getByTestId("identified-printing")).toHaveText("CLB · 187");
    await reviewShot(bob.page, "room-identify-printing-bolt-1366");
  } finally {
    await alice.context.close();
    await bob.context.close();
    await cardCamera.close();
  }
});

// The table's keypoint vote (card-vision/keypoint-vote.ts): once the viewer may click (a pointer over a remote
// picture), the page fetches the table's printings' keypoints once and the worker makes the vote over them all, ahead
// of any click. Alice's camera also shows a card no deck on the table holds (Storm Drake of the Deep, a card of the
// fake card service in none of the four fixture decks): Bob's click on it goes through every step at the table (hash,
// fit, vote: nothing there is the drake) in one answer, fetching nothing.
test("the first click at a table of four 100-card decks answers from the server's references (measured), and a card in no deck goes through the table's vote fetched ahead", async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(scaled(240_000));
  const video = testInfo.outputPath("printings-table.y4m");
  // The fixture decks name their printings (Archidekt's edition and number): the camera shows Sol Ring's.
  writeVideo(video, printing("Sol Ring", "cmr"), printing("Storm Drake of the Deep", "rcf"));
  const cardCamera = await cameraBrowser(playwright.chromium, testInfo, video);
  // Alice has the camera; four players bring the fake Archidekt's four Commander decks (100 cards each).
  const alice = await newMemberPage(cardCamera, "Alice", "Table", { baseURL: testInfo.project.use.baseURL });
  const others = await Promise.all(
    ["Bob", "Cara", "Dan"].map((name) => newMemberPage(browser, name, "Table", { viewport: { width: 1366, height: 900 } })),
  );
  const [bob] = others;
  await Promise.all(others.map((o) => watchVideo(o.context)));
  try {
    const room = await api<{ id: string }>(alice.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Full table ${Date.now()}`, format: "commander" },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    const decks = [910001, 910002, 910003, 910004];
    for (const [i, player] of [alice, ...others].entries()) {
      const deck = await api<{ name: string; cardCount: number }>(player.page, "POST", "/api/decks", {
        name: `Fixture ${decks[i]} ${Date.now()}`,
        url: `https://archidekt.com/decks/${decks[i]}/fixture`,
      });
      expect(deck.cardCount).toBe(100);
      await gotoHydrated(player.page, roomUrl);
      await expect(player.page.getByText("Connected", { exact: true })).toBeVisible({ timeout: MEDIA_TIMEOUT });
      await player.page.getByTestId("players-list").getByRole("button", { name: "Choose your deck" }).click();
      const dialog = player.page.getByRole("dialog", { name: "Your deck at this table" });
      await dialog.getByRole("button", { name: deck.name }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(bob.page.getByTestId("players-list").getByTestId("seat-commander")).toHaveCount(4);
    // The decks' references were made when they were saved: wait for that state (nothing pending), as a table
    // whose decks were saved earlier is.
    let references = 0;
    let referenceBytes = 0;
    await expect
      .poll(
        async () => {
          const body = await api<{ pending: number; references: unknown[] }>(
            bob.page,
            "GET",
            `/api/game-sessions/${room.id}/card-references`,
          );
          references = body.references.length;
          referenceBytes = JSON.stringify(body).length;
          return body.pending;
        },
        { timeout: scaled(120_000), intervals: [1_000] },
      )
      .toBe(0);

    await alice.page.getByRole("button", { name: "Enable Camera" }).click();
    // Alice's tile (the others' cameras are off, but their tiles are there).
    const remote = bob.page.getByLabel("Alice Table video");
    await expectPlaying(remote);
    // Each first click's figures vary with the shared machine's load: E2E_FIRST_CLICKS=n measures n first clicks in
    // one run (Bob's page loaded again before each: a new page, a new identifier, the same table and load).
    const repeats = Math.max(1, Number(process.env.E2E_FIRST_CLICKS ?? 1));
    const asked: string[][] = [];
    const keypointsRequests = (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/cards/printings/features/")) asked.push((url.searchParams.get("ids") ?? "").split(","));
    };
    for (let run = 1; run <= repeats; run++) {
      if (run > 1) {
        await gotoHydrated(bob.page, roomUrl);
        await expectPlaying(remote);
      }
      // With Alice's camera on, Bob's page gets the identifier ready in the background (its worker, the table's
      // references, one made-up identification): the state a player's page is in a moment after a camera comes on.
      await identifierReady(bob.page, "table", references);
      // Bob's pointer over Alice's picture: the page fetches the table's keypoints and the worker makes its vote.
      if (run === 1) bob.page.on("request", keypointsRequests);
      await keypointsReady(bob.page, remote, Math.min(references, 600));
      if (run === 1) {
        // Every printing, 32 a request, before any click (one the server had not made yet asked again later).
        const printings = asked.flat();
        expect(new Set(printings).size).toBe(Math.min(references, 600));
        expect(asked.length).toBeGreaterThan(1);
        expect(asked.every((ids) => ids.length <= 32)).toBe(true);
      }
      // Bob's first click on this page. The camera's Sol Ring (CMR 472) is the printing all four decks name.
      await watchLongTasks(bob.page);
      const cpuBefore = await rendererThreadsCpu(browser);
      const clickedAt = Date.now();
      await remote.click({ position: await tilePoint(remote, LEFT) });
      const panel = bob.page.getByRole("dialog", { name: "Identify card" });
      if (run === 1) await reviewShot(bob.page, "room-identify-four-decks-working-1366");
      await expect(panel.getByTestId("identified-card")).toHaveText("Sol Ring", { timeout: MEDIA_TIMEOUT });
      const seen = Date.now() - clickedAt;
      const cpu = clickCpu(cpuBefore, await rendererThreadsCpu(browser));
      const figures = await firstClickFigures(bob.page);
      console.log(
        `first click ${run}/${repeats} at a table of four 100-card decks (${references} references, ${referenceBytes} bytes of JSON; load average ${loadavg()[0].toFixed(1)}): ` +
          `click to answer ${figures.click} ms in the page (the frame read to answer ${figures.frame} ms: waiting for the identifier ${figures.wait} ms, ` +
          `identifying in the worker ${figures.match} ms); step by step: the click to the frame read ${figures.open} ms (the dialog's render), the frame read ${figures.read} ms, ` +
          `the post to the worker taking it ${figures.post} ms, the worker ${figures.match} ms, its answer to the page taking it ${figures.reply} ms, checking it ${figures.parse} ms, ` +
          `the answer drawn ${figures.render} ms; loaded since the click: [${figures.loadedSinceClick.join(", ")}]; CPU: the identifier's worker ${cpu.worker} ms (and ${cpu.workerQueued} ms waiting for a core), the page's main thread ${cpu.main} ms (and ${cpu.mainQueued} ms waiting) (it draws the video too); getting ready before the click ${figures.prepare} ms in the background; ` +
          `longest main-thread task during the click ${figures.longestTask} ms; click to name on screen ${seen} ms (Playwright's polling included)`,
      );
      console.log(`long animation frames since the click at ${figures.clickAt}:\n  ${figures.longFrames.join("\n  ")}`);
      // The target, asserted on the CPU the click cost (the wall times above are reported: see rendererThreadsCpu).
      expect(cpu.worker).toBeLessThanOrEqual(TARGET_MS);
      expectWaitedForNothing(figures);
      await expect(panel.getByTestId("identified-printing")).toHaveText("CMR · 472");
      if (run === 1) await reviewShot(bob.page, "room-identify-four-decks-1366");
    }

    // The card in no deck: the hash, the fit and the vote over the keypoints fetched ahead, in one answer with no
    // request, and nothing named at the table. The whole pool names it when its index has been built, else the dialog says no
    // deck's card matches: only e2e/room-identify.spec.ts's pool test, last in its file, has the cron job build it (the
    // sleeved-card test before it needs the pool not built), so this test does not.
    await bob.page.keyboard.press("Escape");
    const poolReady = (await api<{ ready: boolean }>(bob.page, "GET", "/api/card-pool")).ready;
    const askedBefore = asked.length;
    const cpuBefore = await rendererThreadsCpu(browser);
    await remote.click({ position: await tilePoint(remote, RIGHT) });
    const panel = bob.page.getByRole("dialog", { name: "Identify card" });
    const answered = async () => {
      if (poolReady) {
        await expect(panel.getByTestId("identified-card")).toHaveText("Storm Drake of the Deep", { timeout: MEDIA_TIMEOUT });
        await expect(panel.getByTestId("identified-from")).toHaveText("from every card");
      } else {
        await expect(panel.getByRole("alert")).toHaveText("No card from the table's deck lists matches", { timeout: MEDIA_TIMEOUT });
      }
    };
    await answered();
    const cpu = clickCpu(cpuBefore, await rendererThreadsCpu(browser));
    const ahead = await bob.page.evaluate(() => performance.getEntriesByName("card-identify-keypoints").map((e) => Math.round(e.duration)));
    console.log(
      `a card in no deck at a table of four decks (${references} references; the pool ${poolReady ? "built" : "not built"}; load average ${loadavg()[0].toFixed(1)}): ` +
        `the table's keypoints fetched ahead (${asked.flat().length} printings in ${askedBefore} requests, ${ahead.join(", ")} ms in the background), none on the click; ` +
        `CPU: the identifier's worker ${cpu.worker} ms (and ${cpu.workerQueued} ms waiting for a core), the page's main thread ${cpu.main} ms`,
    );
    // (With the pool built, the pool's own fit may fetch its printings' keypoints after the table's no match.)
    if (!poolReady) expect(asked.length).toBe(askedBefore);
    await reviewShot(bob.page, "room-identify-vote-1366");
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(bob.page, "the identify-card dialog at 390 px");
    await reviewShot(bob.page, "room-identify-vote-390");
    await bob.page.setViewportSize({ width: 1366, height: 900 });

    // Clicked again: nothing is fetched either.
    await bob.page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await remote.click({ position: await tilePoint(remote, RIGHT) });
    await answered();
    if (!poolReady) expect(asked.length).toBe(askedBefore);

    // Cara clicks it at once, her pointer never over the picture before: the pointer starts the table's keypoints (the
    // first four requests held here), her click's fit fetches its few, and its vote waits for the table's (released
    // once the fit has answered) rather than fetching them a second time.
    const cara = others[1].page;
    const caraAsked: string[][] = [];
    const held: (() => void)[] = [];
    await cara.route("**/api/cards/printings/features/**", async (route) => {
      caraAsked.push((new URL(route.request().url()).searchParams.get("ids") ?? "").split(","));
      if (caraAsked.length <= 4) await new Promise<void>((release) => held.push(release));
      await route.continue();
    });
    await identifierReady(cara, "table", references);
    const caraRemote = cara.getByLabel("Alice Table video");
    await caraRemote.click({ position: await tilePoint(caraRemote, RIGHT) });
    const steps = () => cara.evaluate(() => performance.getEntriesByName("card-identify-match").length);
    await expect.poll(steps, { timeout: MEDIA_TIMEOUT }).toBe(2); // the hash pass, then the fit: neither names it
    const askedBeforeRelease = caraAsked.length;
    for (const release of held.splice(0)) release();
    const caraPanel = cara.getByRole("dialog", { name: "Identify card" });
    if (poolReady) await expect(caraPanel.getByTestId("identified-card")).toHaveText("Storm Drake of the Deep", { timeout: MEDIA_TIMEOUT });
    else await expect(caraPanel.getByRole("alert")).toHaveText("No card from the table's deck lists matches", { timeout: MEDIA_TIMEOUT });
    const fetchedOnClick = await cara.evaluate(() => performance.getEntriesByName("card-identify-features").length);
    console.log(`Cara's click at once: ${caraAsked.length} keypoint requests (the table's ahead, and the click's own ${fetchedOnClick})`);
    // The table's first four and the fit's own one; the vote asked for nothing of its own.
    expect(askedBeforeRelease).toBe(5);
    if (!poolReady) expect(fetchedOnClick).toBe(1);
  } finally {
    for (const member of [alice, ...others]) await member.context.close();
    await cardCamera.close();
  }
});

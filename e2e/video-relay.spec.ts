import { expect, test, type Page } from "./fixtures";
import { api, expectNoSidewaysScroll, newMemberPage, openRoom, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

/**
 * Room video through a relay: scripts/e2e.mjs points the Worker at a fake of Cloudflare's TURN credentials API
 * (scripts/fakes/turn-service.mjs), so the browser gets what production gives it. Runs in the "solo" project:
 * it switches the fake to failing for a moment, which no other test should see.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const NOTICE = /Video relay unavailable/;

/** Records each RTCPeerConnection's ICE servers as the page hands them to the browser. */
async function recordPeerConfigs(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const seen: RTCIceServer[][] = [];
    (window as unknown as { __iceServers: RTCIceServer[][] }).__iceServers = seen;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        seen.push(config?.iceServers ?? []);
        super(config);
      }
    } as typeof RTCPeerConnection;
  });
}

const setFailing = async (failing: boolean) => {
  const res = await fetch(`${process.env.TURN_FAKE_URL}/__fake/fail`, { method: "POST", body: String(failing) });
  expect(res.status).toBe(200);
};

test("players get relay credentials once they hold a place, keep them across reloads, and the room says when the relay is unavailable", async ({
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const ann = await newMemberPage(browser, "Ann", "Relay", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Relay", { viewport: PHONE });
  const cal = await newMemberPage(browser, "Cal", "Relay", { viewport: DESKTOP });
  const dee = await newMemberPage(browser, "Dee", "Relay", { viewport: PHONE });
  try {
    for (const m of [ann, ben, cal, dee]) await recordPeerConfigs(m.page);
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Relay night ${Date.now()}`, format: "commander" },
    });
    const url = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, url);
    // Ben opens the link without a place: the page takes one, then loads again and gets his relay with it.
    await openRoom(ben.page, url);
    await expect(ann.page.getByText(NOTICE)).toHaveCount(0);

    // The player already in the room offers to the one who joined: its connection carries the minted relay.
    const relayOf = (page: Page) =>
      page.evaluate(() =>
        (window as unknown as { __iceServers: RTCIceServer[][] }).__iceServers
          .flat()
          .filter((s) => [s.urls].flat().some((u) => u.startsWith("turn:")))
          .map((s) => ({ username: s.username ?? "", credential: String(s.credential ?? "") })),
      );
    await expect.poll(async () => (await relayOf(ann.page)).length, { timeout: scaled(20_000) }).toBeGreaterThan(0);
    const [annRelay] = await relayOf(ann.page);
    expect(annRelay.username).toMatch(/^[0-9a-f]{32}$/);
    expect(annRelay.credential.length).toBeGreaterThan(0);
    // Each member has their own credentials: nothing shared between members.
    await expect.poll(async () => (await relayOf(ben.page)).length, { timeout: scaled(20_000) }).toBeGreaterThan(0);
    expect((await relayOf(ben.page))[0].username).not.toBe(annRelay.username);

    await setFailing(true);
    try {
      // Ann's live credential is kept: a reload while the service is down still has her relay, and no notice.
      await openRoom(ann.page, url);
      await expect(ann.page.getByTestId("player-row")).toHaveCount(2);
      await expect(ann.page.getByText(NOTICE)).toHaveCount(0);
      await expect.poll(async () => (await relayOf(ann.page)).length, { timeout: scaled(20_000) }).toBeGreaterThan(0);
      expect((await relayOf(ann.page))[0].username).toBe(annRelay.username);
      // Cal and Dee come in while it is down: no credential to keep yet, so the room says the relay is unavailable.
      for (const { page, size } of [
        { page: cal.page, size: "1366" },
        { page: dee.page, size: "390" },
      ]) {
        await openRoom(page, url);
        await expect(page.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
        await expectNoSidewaysScroll(page, `the room with the relay notice at ${size} px`);
        await reviewShot(page, `room-relay-unavailable-${size}`);
      }
    } finally {
      await setFailing(false);
    }
  } finally {
    for (const m of [ann, ben, cal, dee]) await m.context.close();
  }
});

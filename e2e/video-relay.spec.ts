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

test("two players' browsers get short-lived relay credentials; when the relay service is down the room says so", async ({ browser }) => {
  test.setTimeout(scaled(120_000));
  const ann = await newMemberPage(browser, "Ann", "Relay", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Relay", { viewport: PHONE });
  try {
    await recordPeerConfigs(ann.page);
    await recordPeerConfigs(ben.page);
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Relay night ${Date.now()}`, format: "commander" },
    });
    const url = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, url);
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
    // Each page load has its own credentials: nothing shared between members.
    await expect.poll(async () => (await relayOf(ben.page)).length, { timeout: scaled(20_000) }).toBeGreaterThan(0);
    expect((await relayOf(ben.page))[0].username).not.toBe(annRelay.username);

    await setFailing(true);
    try {
      for (const { page, size } of [
        { page: ann.page, size: "1366" },
        { page: ben.page, size: "390" },
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
    await ann.context.close();
    await ben.context.close();
  }
});

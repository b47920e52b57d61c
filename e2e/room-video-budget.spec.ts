// The budget is a pure table of numbers: the test reads the caps it expects from the same table the page uses.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { tableBudget, scaleDownBy } from "../app/components/room/video-budget";
import { expect, test, type Page } from "./fixtures";
import { api, newMemberPage, openRoom, reviewShot } from "./helpers";
import { recordPeerConnections } from "./peer-connections";
import { scaled } from "./time-budget";

// The video budget on real peer connections (issue 40): two players with fake cameras and a spectator. It runs in
// the "solo" project with the other live-video specs.

const MEDIA_TIMEOUT = scaled(30_000);

/**
 * A home connection whose upload is too small: every connection's statistics say the video is held back by
 * bandwidth and the path carries 300 kbit/s (the entries Chromium reports, with those two fields changed). The
 * browser cannot be made to run short of upload on loopback; everything after `getStats` is the page's own code.
 */
function slowUpload() {
  const real = RTCPeerConnection.prototype.getStats;
  RTCPeerConnection.prototype.getStats = async function (this: RTCPeerConnection, ...args: [MediaStreamTrack?]) {
    const report = await real.apply(this, args);
    const changed = new Map<string, Record<string, unknown>>();
    report.forEach((entry: Record<string, unknown>, id: string) => {
      if (entry.type === "outbound-rtp" && entry.kind === "video") changed.set(id, { ...entry, qualityLimitationReason: "bandwidth" });
      else if (entry.type === "candidate-pair") changed.set(id, { ...entry, availableOutgoingBitrate: 300_000 });
      else changed.set(id, entry);
    });
    return changed as unknown as RTCStatsReport;
  };
}

type Sent = {
  to: "player" | "spectator";
  maxBitrate?: number;
  scale?: number;
  maxFramerate?: number;
  degradation?: string;
  target?: number;
  height?: number;
};

/** What each connected connection's video sender was told, and what its encoder does. */
function videoSenders(page: Page): Promise<Sent[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const rows = await Promise.all(
      pcs
        .filter((pc) => pc.connectionState === "connected")
        .map(async (pc) => {
          const t = pc.getTransceivers().find((t) => t.receiver.track.kind === "video" && t.currentDirection?.startsWith("send"));
          if (!t) return null;
          const params = t.sender.getParameters() as RTCRtpSendParameters & { degradationPreference?: string };
          const video = [...(await pc.getStats()).values()].find((s) => s.type === "outbound-rtp" && s.kind === "video");
          return {
            to: t.currentDirection === "sendonly" ? "spectator" : "player",
            maxBitrate: params.encodings[0]?.maxBitrate,
            scale: params.encodings[0]?.scaleResolutionDownBy,
            maxFramerate: params.encodings[0]?.maxFramerate,
            degradation: params.degradationPreference,
            target: video?.targetBitrate,
            height: video?.frameHeight,
          } as Sent;
        }),
    );
    return rows.filter((r): r is Sent => r !== null);
  });
}

test("each connection's video keeps to the table's budget; a player whose upload is too small sees it on their own tile, on a phone", async ({
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const ann = await newMemberPage(browser, "Ann", "Budget", { viewport: { width: 1366, height: 768 } });
  const ben = await newMemberPage(browser, "Ben", "Slowlink", { viewport: { width: 390, height: 844 } });
  const cat = await newMemberPage(browser, "Cat", "Watcher");
  await ann.context.addInitScript(recordPeerConnections);
  await ben.context.addInitScript(recordPeerConnections);
  await ben.context.addInitScript(slowUpload);
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `Budget pod ${Date.now()}`, format: "commander" },
    });
    await api(ben.page, "POST", `/api/game-sessions/${room.id}/join`);
    await api(cat.page, "POST", `/api/game-sessions/${room.id}/spectate`);
    const roomUrl = `/tablesync/room/${room.id}`;
    await openRoom(ann.page, roomUrl);
    await openRoom(ben.page, roomUrl);
    await openRoom(cat.page, `${roomUrl}?mode=spectate`);
    await ann.page.getByRole("button", { name: "Enable Camera" }).click();
    await ben.page.getByRole("button", { name: "Enable Camera" }).click();

    // Ann sends to one player and one spectator: the budget of that table, set on each sender, and the encoder keeps to it.
    const budget = tableBudget({ players: 1, spectators: 1 });
    const height = await ann.page.getByTestId("local-video").evaluate((v: HTMLVideoElement) => {
      const track = (v.srcObject as MediaStream).getVideoTracks()[0];
      return track.getSettings().height;
    });
    const expected = (to: "player" | "spectator") => ({
      to,
      maxBitrate: budget[to].maxBitrate,
      scale: scaleDownBy(height, budget[to].maxHeight),
      maxFramerate: budget[to].maxFramerate,
      degradation: "maintain-framerate",
    });
    await expect
      .poll(
        async () =>
          (await videoSenders(ann.page)).map(({ target: _t, height: _h, ...set }) => set).sort((a, b) => a.to.localeCompare(b.to)),
        {
          timeout: MEDIA_TIMEOUT,
        },
      )
      .toEqual([expected("player"), expected("spectator")]);
    await expect
      .poll(
        async () =>
          (await videoSenders(ann.page)).every(
            (s) =>
              s.target !== undefined &&
              s.height !== undefined &&
              s.height > 0 &&
              s.target <= budget[s.to].maxBitrate &&
              s.height <= budget[s.to].maxHeight,
          ),
        { timeout: MEDIA_TIMEOUT },
      )
      .toBe(true);
    // The spectator's picture arrives at the spectator's size.
    await expect
      .poll(
        () =>
          cat.page.evaluate(() =>
            [...document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-video"]')].map((v) => v.videoHeight).filter((h) => h > 0),
          ),
        { timeout: MEDIA_TIMEOUT },
      )
      .toContain(budget.spectator.maxHeight);

    // Ben's statistics say his upload holds every connection back: after the connections settle, the budget comes
    // down and his own tile says so (Ann's does not).
    const notice = ben.page.getByTestId("local-tile").getByRole("status");
    await expect(notice).toHaveText("Your upload is limiting your video", { timeout: scaled(60_000) });
    const lowered = await videoSenders(ben.page);
    expect(lowered).toHaveLength(2);
    for (const s of lowered) expect(s.maxBitrate).toBeLessThan(budget[s.to].maxBitrate);
    await expect(ann.page.getByTestId("local-tile").getByRole("status")).toHaveText("");
    await reviewShot(ben.page, "room-upload-limited-390");
    await reviewShot(ann.page, "room-video-budget-1366");
  } finally {
    await ann.context.close();
    await ben.context.close();
    await cat.context.close();
  }
});

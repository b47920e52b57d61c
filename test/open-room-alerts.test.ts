import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { GameSessionView } from "../workers/contract/game-sessions";
import { getDb } from "../workers/db/client";
import { announceOpenRoom } from "../workers/domain/rooms/open-room-alerts";
import { DEFAULT_PREFERENCES, type MatchmakingPreferences } from "../workers/contract/matchmaking";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request, signUp, type Member } from "./helpers";
import { postForm, queriesOf } from "./page-forms";

/**
 * "Find me a seat" found none (issue 25): Create Room then offers to tell the members who asked to be told, and the
 * ones whose formats and power range fit the room get one notification each. Rooms here use the "legacy" format,
 * which no other test file announces.
 */

type Notification = { type: string; title: string; message: string; actionUrl: string | null };

async function savePreferences(member: Member, prefs: Partial<MatchmakingPreferences>) {
  const res = await request("/api/matchmaking/preferences", {
    cookie: member.cookie,
    method: "PUT",
    body: { ...DEFAULT_PREFERENCES, ...prefs },
  });
  expect(res.status).toBe(200);
  return json<MatchmakingPreferences>(res);
}

async function openRooms(member: Member): Promise<Notification[]> {
  const res = await request("/api/notifications?limit=50", { cookie: member.cookie });
  expect(res.status).toBe(200);
  const page = await json<{ notifications: Notification[] }>(res);
  return page.notifications.filter((n) => n.type === "open_room");
}

function createRoom(host: Member, fields: Record<string, string> = {}) {
  return postForm("/tablesync?index", host, {
    intent: "create",
    communityId: "decksong",
    maxPlayers: "4",
    "gameData.name": `Announced ${crypto.randomUUID().slice(0, 8)}`,
    "gameData.format": "legacy",
    "gameData.powerLevel": "optimized",
    ...fields,
  });
}

describe("announcing a room to the members waiting for one", () => {
  it("sends Find me a seat's member to Create Room with the offer ticked", async () => {
    const seeker = await signUp("Nosuch");
    await savePreferences(seeker, { selectedFormats: ["legacy"] });
    // Nothing open for the seeker in the "draft" format with a power level no room has.
    const res = await postForm("/tablesync?index", seeker, { intent: "find-seat", format: "draft", powerLevel: "competitive" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!, "http://x");
    expect(location.searchParams.get("new.announce")).toBe("1");
    const page = await request(`${location.pathname}${location.search}`, { cookie: seeker.cookie });
    expect(await page.text()).toContain("Tell members who are waiting for a room like this");
  });

  it("offers the choice on every Create Room, unticked unless Find me a seat sent the member there", async () => {
    const host = await signUp("Plainhost");
    const page = await (await request("/tablesync?tab=create", { cookie: host.cookie })).text();
    const box = /<input[^>]*name="announce"[^>]*>/.exec(page)?.[0];
    expect(box).toBeDefined();
    expect(box).not.toContain("checked");
    expect(page).toContain("Tell members who are waiting for a room like this");
    expect(page).toContain(`you can announce ${RATE_LIMITS.openRoomAlert.limit} rooms an hour`);
    const ticked = await (await request("/tablesync?tab=create&new.announce=1", { cookie: host.cookie })).text();
    expect(/<input[^>]*name="announce"[^>]*>/.exec(ticked)?.[0]).toContain('checked=""');
  });

  it("tells the members who opted in and fit the room, once, within the D1 budget; not the others", async () => {
    const host = await signUp("Announcer", "Host");
    const fits = await signUp("Waiting", "Fits");
    const otherFormat = await signUp("Waiting", "Modern");
    const otherPower = await signUp("Waiting", "Casual");
    const notAsked = await signUp("Not", "Asked");
    await savePreferences(fits, {
      selectedGames: ["Magic"],
      selectedFormats: ["legacy"],
      powerLevelMin: 6,
      powerLevelMax: 9,
      notifyOpenRooms: true,
    });
    await savePreferences(otherFormat, { selectedFormats: ["modern"], notifyOpenRooms: true });
    await savePreferences(otherPower, { selectedFormats: ["legacy"], powerLevelMin: 1, powerLevelMax: 3, notifyOpenRooms: true });
    await savePreferences(notAsked, { selectedFormats: ["legacy"], powerLevelMin: 6, powerLevelMax: 9 });
    expect(
      (await request("/api/matchmaking/preferences", { cookie: fits.cookie }).then((r) => json<MatchmakingPreferences>(r))).notifyOpenRooms,
    ).toBe(true);

    const res = await createRoom(host, { announce: "on" });
    expect(res.status).toBe(302);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const roomPath = res.headers.get("Location")!;
    const [told] = await openRooms(fits);
    expect(told).toMatchObject({ title: "A seat is open for you", actionUrl: roomPath });
    expect(told.message).toMatch(/^Announcer Host opened a Legacy room: Announced /);
    for (const member of [otherFormat, otherPower, notAsked, host]) expect(await openRooms(member)).toEqual([]);

    // A room created without the offer ticked tells nobody; a second announcement within half an hour does not
    // reach the same member again.
    await createRoom(host);
    await createRoom(host, { announce: "on" });
    expect(await openRooms(fits)).toHaveLength(1);
  });

  it(`announces at most ${RATE_LIMITS.openRoomAlert.limit} rooms per host an hour, and still creates the rooms past it`, async () => {
    const host = await signUp("Busy", "Announcer");
    // A new listener before each announcement (a member hears of one room per half hour): each of the first
    // `limit` announcements reaches its listener, the one past the limit does not, and its room is still created.
    for (let i = 0; i <= RATE_LIMITS.openRoomAlert.limit; i++) {
      const listener = await signUp("Listener", `N${i}`);
      await savePreferences(listener, { selectedFormats: ["legacy"], powerLevelMin: 1, powerLevelMax: 10, notifyOpenRooms: true });
      const res = await createRoom(host, { announce: "on" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/tablesync\/room\//);
      expect(await openRooms(listener), `announcement ${i + 1}`).toHaveLength(i < RATE_LIMITS.openRoomAlert.limit ? 1 : 0);
    }
  });

  it("never announces a private room, and a blocked member is not told", async () => {
    const host = await signUp("Blocky", "Host");
    const blocked = await signUp("Blocked", "Listener");
    await savePreferences(blocked, { selectedFormats: ["legacy"], powerLevelMin: 1, powerLevelMax: 10, notifyOpenRooms: true });
    expect((await request("/api/blocks", { cookie: blocked.cookie, body: { userId: host.id } })).status).toBe(200);
    await createRoom(host, { announce: "on" });
    expect(await openRooms(blocked)).toEqual([]);
    // Opted in after the announcement above, so only the private room could reach them.
    const privateListener = await signUp("Private", "Listener");
    await savePreferences(privateListener, { selectedFormats: ["legacy"], powerLevelMin: 1, powerLevelMax: 10, notifyOpenRooms: true });
    // The private room: made private through the API right after creation would be too late, so announce it directly.
    const other = await signUp("Private", "Host");
    const room = await json<{ id: string }>(
      await request("/api/game-sessions", {
        cookie: other.cookie,
        body: { maxPlayers: 4, communityId: "decksong", gameData: { name: "Quiet table", format: "legacy", powerLevel: null } },
      }),
    );
    expect(
      (await request(`/api/game-sessions/${room.id}`, { cookie: other.cookie, method: "PATCH", body: { isPrivate: true } })).status,
    ).toBe(200);
    const view = await json<GameSessionView>(await request(`/api/game-sessions/${room.id}`, { cookie: other.cookie }));
    expect(await announceOpenRoom(getDb(env.DB), view, "Private Host")).toBe(0);
    expect(await openRooms(privateListener)).toEqual([]);
  });
});

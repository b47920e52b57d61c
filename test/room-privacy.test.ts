import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { getCommunityDashboard, getHomeDashboard } from "../workers/domain/dashboard";
import { json, request, signUp, type Member } from "./helpers";

/** Room privacy (issue 14): the host makes a room private; it is then listed only to its host and the members with a place in it. */

// A realm of its own per test run keeps the listings small and free of other suites' rooms.
const community = "bladeforge";

async function createRoom(host: Member, name = `Private pod ${crypto.randomUUID().slice(0, 8)}`) {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers: 4, communityId: community, gameData: { name, format: "commander" } },
  });
  expect(res.status).toBe(201);
  return json(res);
}

const setPrivacy = (member: Member | null, id: string, body: unknown) =>
  request(`/api/game-sessions/${id}`, { method: "PATCH", cookie: member?.cookie, body });

/** Whether `member` (or a visitor) finds the room in the lobby's list. */
async function listed(member: Member | null, id: string): Promise<boolean> {
  const res = await request(`/api/game-sessions?status=waiting&communityId=${community}&limit=100`, { cookie: member?.cookie });
  expect(res.status).toBe(200);
  return (await json<{ id: string }[]>(res)).some((s) => s.id === id);
}

describe("PATCH /api/game-sessions/{id} (room privacy)", () => {
  it("lets the host make a room private and public again", async () => {
    const host = await signUp("PrivHost");
    const room = await createRoom(host);
    expect(room.isPrivate).toBe(false);

    const res = await setPrivacy(host, room.id, { isPrivate: true });
    expect(res.status).toBe(200);
    // One round trip resolves the member, one changes the room (the guarded update and its explanation in one batch).
    expect(res.headers.get("Server-Timing")).toContain('d1;desc="2 queries"');
    expect(await json(res)).toEqual({ id: room.id, isPrivate: true });
    expect((await json(await request(`/api/game-sessions/${room.id}`))).isPrivate).toBe(true);

    expect((await setPrivacy(host, room.id, { isPrivate: false })).status).toBe(200);
    expect((await json(await request(`/api/game-sessions/${room.id}`))).isPrivate).toBe(false);
  });

  it("refuses everyone but the host, unknown and ended rooms and bad bodies, changing nothing", async () => {
    const host = await signUp("PrivOwner");
    const player = await signUp("PrivPlayer");
    const room = await createRoom(host);
    expect((await request(`/api/game-sessions/${room.id}/join`, { method: "POST", cookie: player.cookie })).status).toBe(200);

    expect((await setPrivacy(null, room.id, { isPrivate: true })).status).toBe(401);
    const seatedNotHost = await setPrivacy(player, room.id, { isPrivate: true });
    expect(seatedNotHost.status).toBe(403);
    expect(await json(seatedNotHost)).toEqual({ message: "Only the host can change who sees this room" });
    const stranger = await signUp("PrivStranger");
    expect((await setPrivacy(stranger, room.id, { isPrivate: true })).status).toBe(403);
    expect((await json(await request(`/api/game-sessions/${room.id}`))).isPrivate).toBe(false);

    for (const body of [{}, { isPrivate: "yes" }, { isPrivate: 1 }, null]) {
      const res = await setPrivacy(host, room.id, body);
      expect(res.status).toBe(400);
      expect((await json(res)).issues.length).toBeGreaterThan(0);
    }
    const unknown = await setPrivacy(host, crypto.randomUUID(), { isPrivate: true });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: "Game session not found" });

    // Everyone leaves: the room completes and can no longer be changed.
    const solo = await createRoom(host);
    expect((await request(`/api/game-sessions/${solo.id}/leave`, { method: "POST", cookie: host.cookie })).status).toBe(200);
    expect((await json(await request(`/api/game-sessions/${solo.id}`))).status).toBe("completed");
    expect((await setPrivacy(host, solo.id, { isPrivate: true })).status).toBe(404);
    expect((await json(await request(`/api/game-sessions/${solo.id}`))).isPrivate).toBe(false);
  });

  it("is refused cross-origin (CSRF)", async () => {
    const host = await signUp("PrivCsrf");
    const room = await createRoom(host);
    const res = await request(`/api/game-sessions/${room.id}`, {
      method: "PATCH",
      cookie: host.cookie,
      body: { isPrivate: true },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect((await json(await request(`/api/game-sessions/${room.id}`))).isPrivate).toBe(false);
  });
});

describe("private rooms in the listing", () => {
  it("lists a private room to its host and its members only, and it stays joinable by link", async () => {
    const host = await signUp("ListHost");
    const player = await signUp("ListPlayer");
    const spectator = await signUp("ListSpectator");
    const other = await signUp("ListOther");
    const room = await createRoom(host);
    const neighbour = await createRoom(other);
    expect((await setPrivacy(host, room.id, { isPrivate: true })).status).toBe(200);

    expect(await listed(null, room.id)).toBe(false);
    expect(await listed(other, room.id)).toBe(false);
    expect(await listed(player, room.id)).toBe(false);
    expect(await listed(host, room.id)).toBe(true);
    // Public rooms are listed to everyone as before.
    expect(await listed(null, neighbour.id)).toBe(true);
    expect(await listed(player, neighbour.id)).toBe(true);

    // Its link lets members in (the room page's actions and the API's join/spectate by id).
    expect((await json(await request(`/api/game-sessions/${room.id}`))).id).toBe(room.id);
    expect((await request(`/api/game-sessions/${room.id}/join`, { method: "POST", cookie: player.cookie })).status).toBe(200);
    expect((await request(`/api/game-sessions/${room.id}/spectate`, { method: "POST", cookie: spectator.cookie })).status).toBe(200);
    expect(await listed(player, room.id)).toBe(true);
    expect(await listed(spectator, room.id)).toBe(true);
    expect(await listed(other, room.id)).toBe(false);

    // Leaving takes the room off the leaver's list again.
    expect((await request(`/api/game-sessions/${room.id}/leave`, { method: "POST", cookie: player.cookie })).status).toBe(200);
    expect(await listed(player, room.id)).toBe(false);

    // Public again: everyone sees it.
    expect((await setPrivacy(host, room.id, { isPrivate: false })).status).toBe(200);
    expect(await listed(null, room.id)).toBe(true);
    expect(await listed(other, room.id)).toBe(true);
  });

  it("keeps private rooms out of the lobby page of other members", async () => {
    const host = await signUp("PageHost");
    const other = await signUp("PageOther");
    const name = `Hidden table ${crypto.randomUUID().slice(0, 8)}`;
    const room = await createRoom(host, name);
    expect((await setPrivacy(host, room.id, { isPrivate: true })).status).toBe(200);
    // Searched by name: the first page is the rooms one can join soonest, which other tests' rooms may fill.
    const page = `/tablesync?q=${encodeURIComponent(name)}`;
    const asOther = await request(page, { cookie: other.cookie });
    expect(asOther.status).toBe(200);
    // The search box shows the name searched for, so the room is looked for by its id (its card's Join and link).
    expect(await asOther.text()).not.toContain(room.id);
    const asHost = await request(page, { cookie: host.cookie });
    const hostPage = await asHost.text();
    expect(hostPage).toContain(room.id);
    expect(hostPage.split(name).length).toBeGreaterThan(2);
  });
});

// Issue 23: the All Realms dashboard listed a private room (with its link) to an unrelated member and counted it, and
// tournament match rooms too, because its queries checked only the status. Every list and count of rooms now goes
// through workers/domain/rooms/room-visibility.ts, the lobby's rule.
describe("rooms nobody else should see, everywhere rooms are listed or counted", () => {
  async function matchRoom(): Promise<{ id: string; name: string }> {
    const [organizer, a, b] = await Promise.all([signUp("MatchOrg"), signUp("MatchA"), signUp("MatchB")]);
    const t = await json(
      await request("/api/tournaments", {
        cookie: organizer.cookie,
        body: {
          name: `Hidden cup ${crypto.randomUUID().slice(0, 6)}`,
          gameFormat: "modern",
          maxParticipants: 4,
          startDate: new Date(Date.now() + 30 * 60_000).toISOString(), // startable: within the hour before its date
          communityId: community,
        },
      }),
    );
    for (const m of [a, b]) expect((await request(`/api/tournaments/${t.id}/join`, { method: "POST", cookie: m.cookie })).status).toBe(200);
    expect((await request(`/api/tournaments/${t.id}/start`, { method: "POST", cookie: organizer.cookie })).status).toBe(200);
    const match = (await json(await request(`/api/tournaments/${t.id}`))).rounds[0].matches[0];
    const { gameSessionId } = await json(
      await request(`/api/tournaments/${t.id}/matches/${match.id}/room`, { method: "POST", cookie: a.cookie }),
    );
    return { id: gameSessionId, name: (await json(await request(`/api/game-sessions/${gameSessionId}`))).name };
  }

  it("neither a private room nor a tournament match room is listed or counted for an unrelated member or a visitor", async () => {
    const host = await signUp("Hider");
    const stranger = await signUp("Stranger");
    const db = getDb(env.DB);
    const before = {
      home: (await getHomeDashboard(db, stranger.id)).openRoomCount,
      community: (await getCommunityDashboard(db, stranger.id, community)).openRoomCount,
      hostHome: (await getHomeDashboard(db, host.id)).openRoomCount,
    };
    const hidden = await createRoom(host, `Hidden table ${crypto.randomUUID().slice(0, 8)}`);
    expect((await setPrivacy(host, hidden.id, { isPrivate: true })).status).toBe(200);
    const match = await matchRoom();

    // Counts: the stranger's dashboards count neither; the host's counts their own private room.
    expect((await getHomeDashboard(db, stranger.id)).openRoomCount).toBe(before.home);
    expect((await getCommunityDashboard(db, stranger.id, community)).openRoomCount).toBe(before.community);
    expect((await getHomeDashboard(db, host.id)).openRoomCount).toBe(before.hostHome + 1);

    // Lists: the activity feed, the pages and their data requests, the API, for the stranger and for a visitor.
    const feed = (await getHomeDashboard(db, stranger.id)).activity.map((a) => a.id);
    expect(feed).not.toContain(hidden.id);
    expect(feed).not.toContain(match.id);
    const feedUrl = new URL((await json(await request("/api/events/feed-url", { cookie: stranger.cookie }))).url).pathname;
    for (const [who, path] of [
      [stranger, "/"],
      [stranger, `/?realm=${community}`],
      [stranger, "/_root.data"],
      [stranger, "/_index.data"],
      [stranger, "/notifications"],
      [stranger, "/api/notifications"],
      [stranger, feedUrl],
      [stranger, `/profile/${host.id}`],
      [stranger, "/tablesync"],
      [stranger, "/tablesync.data"],
      [stranger, `/api/game-sessions?limit=100`],
      [stranger, `/api/game-sessions?status=waiting&communityId=${community}&limit=100`],
      [null, "/"],
      [null, `/?realm=${community}`],
      [null, "/tablesync"],
      [null, "/tablesync.data"],
      [null, `/profile/${host.id}`],
      [null, `/api/game-sessions?limit=100`],
    ] as const) {
      const text = await (await request(path, { cookie: who?.cookie })).text();
      for (const room of [hidden, match]) {
        expect(text, `${who ? "stranger" : "visitor"} ${path}`).not.toContain(room.id);
        expect(text, `${who ? "stranger" : "visitor"} ${path}`).not.toContain(room.name);
      }
    }
    // The host still finds their private room.
    expect(await listed(host, hidden.id)).toBe(true);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { removeFromRoom } from "../workers/domain/rooms/rooms";
import { json, request, signUp, type Member } from "./helpers";
import { postForm, queriesOf } from "./page-forms";

/**
 * "Find me a seat" (issue 25): the lobby's form post seats a member in the best open room for them through
 * joinRoom, or sends them to Create Room with their usual settings. The Worker's D1 is shared with other files,
 * so these tests use room formats no other test file opens rooms in (sealed, legacy).
 */

type Room = { id: string; currentPlayers: number; maxPlayers: number };

async function createRoom(host: Member, maxPlayers: number, format: string, powerLevel: string | null, communityId = "decksong") {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers, communityId, gameData: { name: `Seat ${crypto.randomUUID().slice(0, 8)}`, format, powerLevel } },
  });
  expect(res.status).toBe(201);
  return json<Room>(res);
}

const join = async (member: Member, room: Room) =>
  expect((await request(`/api/game-sessions/${room.id}/join`, { cookie: member.cookie, method: "POST" })).status).toBe(200);

const findSeat = (member: Member, fields: Record<string, string> = {}) =>
  postForm("/tablesync?index", member, { intent: "find-seat", ...fields });

/** Leaves every room of a test, so the next test's search does not find them. */
async function closeRooms(rooms: Room[]) {
  await env.DB.prepare(`UPDATE game_sessions SET status = 'completed' WHERE id IN (${rooms.map(() => "?").join(",")})`)
    .bind(...rooms.map((r) => r.id))
    .run();
}

describe("Find me a seat", () => {
  it("seats the member in the open room needing the fewest players, skipping a room they were removed from, and goes there", async () => {
    const host = await signUp("Seathost");
    const seeker = await signUp("Seeker");
    const needsThree = await createRoom(host, 4, "sealed", "competitive");
    const needsOne = await createRoom(host, 2, "sealed", "competitive");
    const otherPower = await createRoom(host, 2, "sealed", "casual");
    // Newer and needing one too, but its host removed the seeker: the room would refuse them.
    const removedFrom = await createRoom(host, 2, "sealed", "competitive");
    await join(seeker, removedFrom);
    await removeFromRoom(env, getDb(env.DB), removedFrom.id, host.id, seeker.id);
    try {
      const res = await findSeat(seeker, { format: "sealed", powerLevel: "competitive" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/tablesync/room/${needsOne.id}`);
      expect(queriesOf(res)).toBeLessThanOrEqual(5);
      const seated = await json<Room>(await request(`/api/game-sessions/${needsOne.id}`, { cookie: seeker.cookie }));
      expect(seated.currentPlayers).toBe(2);
      // Anyone else may take the room the seeker was removed from; then the room needing three (the casual one is
      // another power level).
      const second = await findSeat(await signUp("Second"), { format: "sealed", powerLevel: "competitive" });
      expect(second.headers.get("Location")).toBe(`/tablesync/room/${removedFrom.id}`);
      const third = await findSeat(await signUp("Third"), { format: "sealed", powerLevel: "competitive" });
      expect(third.headers.get("Location")).toBe(`/tablesync/room/${needsThree.id}`);
    } finally {
      await closeRooms([needsThree, needsOne, otherPower, removedFrom]);
    }
  });

  it("without filters uses the member's matchmaking formats and power range", async () => {
    const host = await signUp("Prefhost");
    const seeker = await signUp("Prefseeker");
    await env.DB.prepare(
      `INSERT INTO matchmaking_preferences (user_id, selected_games, selected_formats, power_level_min, power_level_max, playstyle, availability, language, max_distance)
       VALUES (?, '["Magic"]', '["legacy"]', 7, 8, 'any', 'any', 'en', 50)`,
    )
      .bind(seeker.id)
      .run();
    const tooCasual = await createRoom(host, 2, "legacy", "casual");
    const fits = await createRoom(host, 4, "legacy", "optimized");
    const anyPower = await createRoom(host, 3, "legacy", null);
    try {
      const res = await findSeat(seeker);
      // Both fitting rooms qualify; the one needing fewer players (any power level, needs 2) comes first.
      expect(res.headers.get("Location")).toBe(`/tablesync/room/${anyPower.id}`);
      const next = await findSeat(seeker);
      // Already seated there: the next fitting room is the optimized one, never the casual one.
      expect(next.headers.get("Location")).toBe(`/tablesync/room/${fits.id}`);
    } finally {
      await closeRooms([tooCasual, fits, anyPower]);
    }
  });

  it("finding nothing opens Create Room with the member's usual settings, and counts as a join for the rate limit", async () => {
    const seeker = await signUp("Lonely");
    const mine = await createRoom(seeker, 6, "sealed", "optimized");
    await closeRooms([mine]);
    const res = await findSeat(seeker, { format: "sealed", powerLevel: "focused" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      "/tablesync?tab=create&new.format=sealed&new.powerLevel=optimized&new.maxPlayers=6&new.communityId=decksong&new.announce=1",
    );
    const toast = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("realmcast_toast="))
      ?.split(";")[0];
    const page = await (await request(res.headers.get("Location")!, { cookie: `${seeker.cookie}; ${toast}` })).text();
    expect(page).toContain("No open seat fits you right now");
    expect(page).toMatch(/<option value="sealed" selected="">/);
    expect(page).toMatch(/<option value="6" selected="">/);

    const limit = RATE_LIMITS.gameSessionJoin.limit;
    for (let i = 1; i < limit; i++) await findSeat(seeker, { format: "sealed", powerLevel: "focused" });
    const refused = await findSeat(seeker, { format: "sealed", powerLevel: "focused" });
    expect(refused.status).toBe(429);
  });

  it("finding nothing for a member who never hosted opens Create Room from their saved preference, in their realm", async () => {
    const seeker = await signUp("Prefsonly");
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO matchmaking_preferences (user_id, selected_games, selected_formats, power_level_min, power_level_max, playstyle, availability, language, max_distance)
         VALUES (?, '["Pokemon","Magic"]', '["pokemon-standard","legacy"]', 9, 10, 'any', 'any', 'en', 50)`,
      ).bind(seeker.id),
      env.DB.prepare("UPDATE users SET primary_community = 'duelcraft' WHERE id = ?").bind(seeker.id),
    ]);
    // No filter: the search reads the preference (no open legacy room exists here), and so does Create Room.
    const res = await findSeat(seeker);
    expect(res.headers.get("Location")).toBe(
      "/tablesync?tab=create&new.format=legacy&new.powerLevel=competitive&new.communityId=duelcraft&new.announce=1",
    );
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const page = await (await request(res.headers.get("Location")!, { cookie: seeker.cookie })).text();
    expect(page).toMatch(/<option value="legacy" selected="">/);
    expect(page).toMatch(/<option value="competitive" selected="">/);
    // Without JavaScript the form's own realm field starts at the member's realm.
    expect(page).toMatch(/<option value="duelcraft" selected="">/);
    expect(page).not.toMatch(/<option value="" selected="">Select format<\/option>/);
  });

  it("from a visitor (the landing page's Quick Match) goes to sign-in, which comes back to the lobby", async () => {
    const res = await postForm("/tablesync?index", null, { intent: "find-seat" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?returnTo=%2Ftablesync");
  });
});

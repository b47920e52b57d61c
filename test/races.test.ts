import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, request, signUp, type Member } from "./helpers";

const WIDTH = 50;
const crowd = (prefix: string) => Promise.all(Array.from({ length: WIDTH }, (_, i) => signUp(`${prefix}${i}`)));
const post = (path: string, m: Member, body?: unknown) => request(path, { method: "POST", cookie: m.cookie, body });
const future = (days: number) => new Date(Date.now() + days * 86_400_000);

describe(`${WIDTH}-wide join races end consistent`, () => {
  it("room: a 4-seat room seats exactly 4 (host included), the rest get 409", async () => {
    const host = await signUp("RaceHost");
    const room = await json(
      await post("/api/game-sessions", host, { maxPlayers: 4, communityId: "duelcraft", gameData: { name: "Race", format: "commander" } }),
    );
    const members = await crowd("RoomRacer");
    const statuses = (await Promise.all(members.map((m) => post(`/api/game-sessions/${room.id}/join`, m)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(WIDTH - 3);
    const row = await env.DB.prepare(
      "SELECT current_players AS n, (SELECT count(*) FROM game_session_members WHERE session_id = ?1 AND role = 'player') AS seated FROM game_sessions WHERE id = ?1",
    )
      .bind(room.id)
      .first<{ n: number; seated: number }>();
    expect(row).toEqual({ n: 4, seated: 4 });
  });

  it("event: a 4 + 2 game pod gets exactly 4 mains (its host among them) and 2 alternates", async () => {
    const host = await signUp("PodHost");
    const pod = await json(
      await post("/api/events", host, {
        title: "Race pod",
        type: "game_pod",
        date: future(3).toISOString().slice(0, 10),
        time: "19:00",
        location: "TableSync",
        communityId: "duelcraft",
        playerSlots: 4,
        alternateSlots: 2,
      }),
    );
    const members = await crowd("PodRacer");
    const statuses = (
      await Promise.all(
        members.map((m) => post(`/api/events/${pod.id}/join`, m, { status: "attending", role: "participant", playerType: "main" })),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s < 300)).toHaveLength(5);
    const seats = await env.DB.prepare(
      "SELECT player_type AS t, count(*) AS n FROM event_attendees WHERE event_id = ? AND role = 'participant' GROUP BY player_type ORDER BY t",
    )
      .bind(pod.id)
      .all<{ t: string; n: number }>();
    expect(seats.results).toEqual([
      { t: "alternate", n: 2 },
      { t: "main", n: 4 },
    ]);
  });

  it("tournament: an 8-seat tournament takes exactly 8", async () => {
    const organizer = await signUp("CupHost");
    const cup = await json(
      await post("/api/tournaments", organizer, {
        name: "Race cup",
        gameFormat: "modern",
        maxParticipants: 8,
        startDate: future(7).toISOString(),
        communityId: "mtg",
      }),
    );
    const members = await crowd("CupRacer");
    const statuses = (await Promise.all(members.map((m) => post(`/api/tournaments/${cup.id}/join`, m)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(WIDTH - 8);
    const detail = await json(await request(`/api/tournaments/${cup.id}`));
    expect(detail.participantCount).toBe(8);
  });
});

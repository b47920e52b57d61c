import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decideSeat } from "../workers/contract/event-seats";
import podHostsMigration from "../migrations/0021_pod_hosts_seated.sql?raw";
import { createEventAs, createStartedEventAs, join, members, signUp } from "./events-helpers";
import { json, request } from "./helpers";

async function notificationsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT title, message, action_url AS actionUrl FROM notifications WHERE user_id = ? ORDER BY created_at",
  )
    .bind(userId)
    .all<{ title: string; message: string; actionUrl: string }>();
  return results;
}

describe("POST /api/events/:id/join", () => {
  it("seats mains (the host holds the first seat), then alternates, then answers 409 with a message", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host, { playerSlots: 3, alternateSlots: 1 });
    const [a, b, c, d] = await members(4, "Seat");
    const seats = [];
    for (const m of [a, b, c]) {
      const res = await join(m, pod.id, { status: "attending", role: "participant", playerType: "main" });
      expect(res.status).toBe(201);
      const body = await json(res);
      seats.push([body.role, body.playerType]);
    }
    expect(seats).toEqual([
      ["participant", "main"],
      ["participant", "main"],
      ["participant", "alternate"],
    ]);
    const full = await join(d, pod.id, { status: "attending", role: "participant", playerType: "alternate" });
    expect(full.status).toBe(409);
    expect((await json(full)).message).toBe("All player seats and waiting list spots are taken");
    // Spectators are still welcome (no maxAttendees).
    const spectate = await join(d, pod.id, { status: "attending", role: "spectator", playerType: "main" });
    expect(spectate.status).toBe(201);
    expect(await json(spectate)).toMatchObject({
      role: "spectator",
      playerType: "main",
      attendeeCount: 5,
      mainPlayers: 3,
      alternates: 1,
      isUserAttending: true,
    });
    // The host's own seat: a main player, first of the pod; joining again keeps it (200).
    const hostAgain = await join(host, pod.id);
    expect(hostAgain.status).toBe(200);
    expect(await json(hostAgain)).toMatchObject({ role: "participant", playerType: "main", mainPlayers: 3 });
  });

  it("gives a main seat even to a member asking for alternate while one is free (the server decides)", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host);
    const res = await join(await signUp("Eager"), pod.id, { status: "attending", role: "participant", playerType: "alternate" });
    expect(await json(res)).toMatchObject({ role: "participant", playerType: "main" });
  });

  it("is idempotent: joining twice keeps the first seat (200)", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host, { playerSlots: 2 });
    const m = await signUp("Twice");
    expect((await join(m, pod.id)).status).toBe(201);
    const again = await join(m, pod.id, { status: "attending", role: "spectator", playerType: "main" });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ role: "participant", playerType: "main", attendeeCount: 2 });
  });

  it("caps spectators at maxAttendees, counting players too (the host among them)", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host, { maxAttendees: 3 });
    const [a, b, c] = await members(3, "Cap");
    expect((await join(a, pod.id)).status).toBe(201);
    expect((await join(b, pod.id, { status: "attending", role: "spectator", playerType: "main" })).status).toBe(201);
    const res = await join(c, pod.id, { status: "attending", role: "spectator", playerType: "main" });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("This event has reached its maximum number of attendees");
  });

  it("seats every participant of a non-pod event as main", async () => {
    const host = await signUp("Host");
    const convention = await createEventAs(host, { type: "convention", playerSlots: 2, alternateSlots: 0 });
    for (const m of await members(4, "Con")) {
      expect(await json(await join(m, convention.id))).toMatchObject({ role: "participant", playerType: "main" });
    }
  });

  it("answers 401 signed out, 404 missing, 400 bad body, 409 for a past event", async () => {
    const host = await signUp("Host");
    const past = await createStartedEventAs(host, 1);
    const m = await signUp("Late");
    expect((await request(`/api/events/${past.id}/join`, { body: { status: "attending" } })).status).toBe(401);
    expect((await join(m, crypto.randomUUID())).status).toBe(404);
    expect((await join(m, past.id, { status: "maybe" })).status).toBe(400);
    expect((await join(m, past.id, { status: "attending", role: "judge" })).status).toBe(400);
    const late = await join(m, past.id);
    expect(late.status).toBe(409);
    expect((await json(late)).message).toBe("This event has already started");
  });

  it("20 simultaneous joins on a 4+2 pod seat exactly 3 mains beside the host and 2 alternates", async () => {
    const host = await signUp("Racer");
    const pod = await createEventAs(host, { playerSlots: 4, alternateSlots: 2 });
    const racers = await members(20, "Race");
    const responses = await Promise.all(
      racers.map((m) => join(m, pod.id, { status: "attending", role: "participant", playerType: "main" })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const bodies = await Promise.all(responses.map((r) => json(r)));
    const seated = bodies.filter((b) => b.role === "participant");
    expect(seated.filter((b) => b.playerType === "main")).toHaveLength(3);
    expect(seated.filter((b) => b.playerType === "alternate")).toHaveLength(2);
    const event = await json(await request(`/api/events/${pod.id}`));
    expect(event).toMatchObject({ mainPlayers: 4, alternates: 2, attendeeCount: 6 });
    // The host hears exactly once that the pod filled.
    const filled = (await notificationsOf(host.id)).filter((n) => n.title === "Your game pod is full");
    expect(filled).toHaveLength(1);
  });

  it("matches the pure seat rule for a random join order", async () => {
    const host = await signUp("Host");
    const limits = { type: "game_pod", playerSlots: 3, alternateSlots: 2, maxAttendees: 6 };
    const pod = await createEventAs(host, limits);
    const roles = [
      "participant",
      "spectator",
      "participant",
      "participant",
      "participant",
      "spectator",
      "participant",
      "participant",
    ] as const;
    // The host is seated first.
    const counts = { mainPlayers: 1, alternates: 0, attendeeCount: 1 };
    const joiners = await members(roles.length, "Rule");
    for (const [i, role] of roles.entries()) {
      const expected = decideSeat(role, counts, limits);
      const res = await join(joiners[i], pod.id, { status: "attending", role, playerType: "main" });
      if (!expected) {
        expect(res.status).toBe(409);
        continue;
      }
      const body = await json(res);
      expect({ role: body.role, playerType: body.playerType }).toEqual(expected);
      counts.attendeeCount++;
      if (expected.role === "participant") {
        if (expected.playerType === "main") counts.mainPlayers++;
        else counts.alternates++;
      }
    }
  });
});

describe("DELETE /api/events/:id/leave", () => {
  it("promotes the earliest alternate when a main leaves, and notifies them", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host, { playerSlots: 3, alternateSlots: 2 });
    const [m1, m2, alt1, alt2] = await members(4, "Leave");
    for (const m of [m1, m2, alt1, alt2]) expect((await join(m, pod.id)).status).toBe(201);

    const res = await request(`/api/events/${pod.id}/leave`, { method: "DELETE", cookie: m1.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ left: true, promotedUserIds: [alt1.id] });

    const seen = await json(await request(`/api/events/${pod.id}`, { cookie: alt1.cookie }));
    expect(seen).toMatchObject({ role: "participant", playerType: "main", mainPlayers: 3, alternates: 1, attendeeCount: 4 });
    const notes = await notificationsOf(alt1.id);
    expect(notes.map((n) => n.title)).toEqual(["You're in! A seat opened up"]);
    expect(notes[0].actionUrl).toBe(`/calendar?event=${pod.id}`);
    expect(await notificationsOf(alt2.id)).toEqual([]);

    // An alternate or spectator leaving promotes nobody.
    const altLeaves = await request(`/api/events/${pod.id}/leave`, { method: "DELETE", cookie: alt2.cookie });
    expect(await json(altLeaves)).toEqual({ left: true, promotedUserIds: [] });
  });

  it("fills seats freed by raising playerSlots from the waiting list", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host, { playerSlots: 2, alternateSlots: 2 });
    const joiners = await members(3, "Grow");
    for (const m of joiners) await join(m, pod.id);
    const body = {
      title: pod.title,
      type: "game_pod",
      date: pod.date,
      time: pod.time,
      location: pod.location,
      communityId: pod.communityId,
      playerSlots: 4,
    };
    const res = await request(`/api/events/${pod.id}`, { method: "PUT", body, cookie: host.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ playerSlots: 4, alternateSlots: 2, mainPlayers: 4, alternates: 0 });
  });

  it("lets the host give up her seat like any player: it goes to the waiting list's first, and she may join again", async () => {
    const host = await signUp("Hostleaves");
    const pod = await createEventAs(host, { playerSlots: 2, alternateSlots: 1 });
    const [player, waiting] = await members(2, "Stay");
    await join(player, pod.id);
    expect(await json(await join(waiting, pod.id))).toMatchObject({ playerType: "alternate" });
    const res = await request(`/api/events/${pod.id}/leave`, { method: "DELETE", cookie: host.cookie });
    expect(await json(res)).toEqual({ left: true, promotedUserIds: [waiting.id] });
    const seen = await json(await request(`/api/events/${pod.id}`, { cookie: host.cookie }));
    expect(seen).toMatchObject({ hostId: host.id, isUserAttending: false, mainPlayers: 2, alternates: 0, attendeeCount: 2 });
    // She still hosts it (may change it), and takes the waiting list's free place like anyone.
    expect(await json(await join(host, pod.id))).toMatchObject({ role: "participant", playerType: "alternate" });
  });

  it("seats the host first when an event becomes a game pod, when a seat is free", async () => {
    const host = await signUp("Becomes");
    const meetup = await createEventAs(host, { type: "community" });
    const guest = await signUp("Early");
    await join(guest, meetup.id);
    const body = {
      title: meetup.title,
      type: "game_pod",
      date: meetup.date,
      time: meetup.time,
      location: meetup.location,
      communityId: meetup.communityId,
    };
    const res = await request(`/api/events/${meetup.id}`, { method: "PUT", body, cookie: host.cookie });
    expect(await json(res)).toMatchObject({ type: "game_pod", mainPlayers: 2, attendeeCount: 2, role: "participant", playerType: "main" });
    // Changed again later (still a pod), a host who left is not seated back.
    await request(`/api/events/${meetup.id}/leave`, { method: "DELETE", cookie: host.cookie });
    const renamed = await request(`/api/events/${meetup.id}`, { method: "PUT", body: { ...body, title: "Renamed" }, cookie: host.cookie });
    expect(await json(renamed)).toMatchObject({ title: "Renamed", mainPlayers: 1, isUserAttending: false });
  });

  it("seats the host of a pod made before the rule (migration 0020) where a seat is free, and moves no player", async () => {
    const [openHost, fullHost, a, b] = await members(4, "Legacy");
    const open = await createEventAs(openHost, { playerSlots: 3 });
    const full = await createEventAs(fullHost, { playerSlots: 2, alternateSlots: 1 });
    // As such pods were: no row for their host. One has a free seat; the other filled without its host.
    await env.DB.prepare("DELETE FROM event_attendees WHERE event_id IN (?, ?)").bind(open.id, full.id).run();
    for (const m of [a, b]) await join(m, full.id);
    await join(a, open.id);
    await env.DB.exec(
      podHostsMigration
        .replace(/^--.*$/gm, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
    const seenOpen = await json(await request(`/api/events/${open.id}`, { cookie: openHost.cookie }));
    expect(seenOpen).toMatchObject({ mainPlayers: 2, attendeeCount: 2, role: "participant", playerType: "main" });
    const { results } = await env.DB.prepare("SELECT user_id AS userId FROM event_attendees WHERE event_id = ? ORDER BY joined_at")
      .bind(open.id)
      .all<{ userId: string }>();
    expect(results.map((r) => r.userId)).toEqual([openHost.id, a.id]);
    const seenFull = await json(await request(`/api/events/${full.id}`, { cookie: fullHost.cookie }));
    expect(seenFull).toMatchObject({ mainPlayers: 2, alternates: 0, attendeeCount: 2, isUserAttending: false });
  });

  it("answers 409 when not attending, 404 for a missing event, 401 signed out", async () => {
    const host = await signUp("Host");
    const pod = await createEventAs(host);
    const m = await signUp("Nobody");
    expect((await request(`/api/events/${pod.id}/leave`, { method: "DELETE", cookie: m.cookie })).status).toBe(409);
    expect((await request(`/api/events/${crypto.randomUUID()}/leave`, { method: "DELETE", cookie: m.cookie })).status).toBe(404);
    expect((await request(`/api/events/${pod.id}/leave`, { method: "DELETE" })).status).toBe(401);
  });
});

import { describe, expect, it } from "vitest";
import { EVENT_STARTED, eventSchema } from "../workers/contract/events";
import { createEventAs, createStartedEventAs, daysFromNow, eventBody, join, signUp } from "./events-helpers";
import { json, request } from "./helpers";

describe("POST /api/events", () => {
  it("creates an event (201) with exactly the spec's fields; the host of a game pod holds its first player seat", async () => {
    const alice = await signUp("Alice");
    const res = await request("/api/events", {
      body: eventBody({ title: "  Friday pod  ", date: "2030-01-02", time: "18:30" }),
      cookie: alice.cookie,
    });
    expect(res.status).toBe(201);
    const event = await json(res);
    expect(eventSchema.strict().safeParse(event).success).toBe(true);
    expect(event).toMatchObject({
      title: "Friday pod",
      type: "game_pod",
      date: "2030-01-02",
      time: "18:30",
      communityId: "scry-gather",
      community: { name: "Scry & Gather" },
      creator: { id: alice.id, firstName: "Alice" },
      hostId: alice.id,
      attendeeCount: 1,
      maxAttendees: null,
      mainPlayers: 1,
      playerSlots: 4,
      alternates: 0,
      alternateSlots: 2,
      isUserAttending: true,
      role: "participant",
      playerType: "main",
    });
    // Everyone else sees the host among the players, and a seat fewer to take.
    expect(await json(await request(`/api/events/${event.id}`))).toMatchObject({ attendeeCount: 1, mainPlayers: 1, role: null });
    // Other events have no table: their creator is not put down as attending.
    const meetup = await json(await request("/api/events", { body: eventBody({ type: "community" }), cookie: alice.cookie }));
    expect(meetup).toMatchObject({ attendeeCount: 0, mainPlayers: 0, isUserAttending: false });
  });

  it("refuses a start that has passed (400) with the issue on the date, or on the time when the day is today", async () => {
    const m = await signUp("Past");
    const newYear2020 = await request("/api/events", { body: eventBody({ date: "2020-01-01", time: "12:00" }), cookie: m.cookie });
    expect(newYear2020.status).toBe(400);
    expect(await json(newYear2020)).toEqual({
      message: "This day has passed: events, pods and tournaments start in the future",
      issues: [{ path: ["date"], message: "This day has passed: events, pods and tournaments start in the future" }],
    });
    // This minute (already begun), on the wall clock of the event's own zone (Kiritimati is UTC+14: its today is
    // often UTC's tomorrow, so the day alone cannot tell).
    const kiritimatiNow = new Date(Date.now() + 14 * 3_600_000).toISOString();
    const earlierToday = await request("/api/events", {
      body: eventBody({ date: kiritimatiNow.slice(0, 10), time: kiritimatiNow.slice(11, 16), timeZone: "Pacific/Kiritimati" }),
      cookie: m.cookie,
    });
    expect(earlierToday.status).toBe(400);
    expect((await json(earlierToday)).issues).toEqual([{ path: ["time"], message: "This time has passed today: choose a later time" }]);
    // Ten minutes from now is fine.
    const later = new Date(Date.now() + 10 * 60_000).toISOString();
    const soon = await request("/api/events", {
      body: eventBody({ date: later.slice(0, 10), time: later.slice(11, 16), timeZone: "UTC" }),
      cookie: m.cookie,
    });
    expect(soon.status).toBe(201);
    // Nothing of the refused ones was saved.
    const hosting = await json<any[]>(await request("/api/events?scope=hosting&limit=200", { cookie: m.cookie }));
    expect(hosting.map((e) => e.date)).toEqual([later.slice(0, 10)]);
  });

  it("401 signed out", async () => {
    const res = await request("/api/events", { body: eventBody() });
    expect(res.status).toBe(401);
  });

  it("validates every field with 400 and zod issues", async () => {
    const m = await signUp("Val");
    const bad = [
      { title: "" },
      { title: "x".repeat(121) },
      { type: "party" },
      { date: "2026-02-30" },
      { date: "22/11/2026" },
      { time: "24:00" },
      { time: "7pm" },
      { location: "" },
      { location: "x".repeat(201) },
      { description: "x".repeat(2001) },
      { communityId: "" },
      { playerSlots: 1 },
      { playerSlots: 9 },
      { alternateSlots: -1 },
      { alternateSlots: 9 },
      { maxAttendees: 0 },
      { playerSlots: 2.5 },
    ];
    for (const override of bad) {
      const res = await request("/api/events", { body: eventBody(override), cookie: m.cookie });
      expect(res.status, JSON.stringify(override)).toBe(400);
      const body = await json(res);
      expect(body.issues[0].path[0], JSON.stringify(override)).toBe(Object.keys(override)[0]);
    }
    const unknown = await request("/api/events", { body: eventBody({ communityId: "no-such-realm" }), cookie: m.cookie });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).issues[0].path).toEqual(["communityId"]);
  });
});

describe("event creation rate limit", () => {
  it("allows 20 events per member per hour, then 429", async () => {
    const m = await signUp("Spammy");
    for (let i = 0; i < 20; i++) expect((await request("/api/events", { body: eventBody(), cookie: m.cookie })).status).toBe(201);
    const res = await request("/api/events", { body: eventBody(), cookie: m.cookie });
    expect(res.status).toBe(429);
    expect((await json(res)).message).toBeTypeOf("string");
  });
});

describe("PUT and DELETE /api/events/:id", () => {
  it("lets the creator update; another member gets 403; missing is 404", async () => {
    const [owner, other] = [await signUp("Owner"), await signUp("Other")];
    const event = await createEventAs(owner);
    const update = eventBody({
      title: "Renamed",
      type: "tournament",
      date: "2031-05-06",
      time: "10:15",
      communityId: "duelcraft",
      description: "",
    });

    const forbidden = await request(`/api/events/${event.id}`, { method: "PUT", body: update, cookie: other.cookie });
    expect(forbidden.status).toBe(403);
    const forbiddenDelete = await request(`/api/events/${event.id}`, { method: "DELETE", cookie: other.cookie });
    expect(forbiddenDelete.status).toBe(403);

    const ok = await request(`/api/events/${event.id}`, { method: "PUT", body: update, cookie: owner.cookie });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({
      title: "Renamed",
      type: "tournament",
      date: "2031-05-06",
      time: "10:15",
      communityId: "duelcraft",
      description: null,
      playerSlots: 4,
    });

    const missing = await request(`/api/events/${crypto.randomUUID()}`, { method: "PUT", body: update, cookie: owner.cookie });
    expect(missing.status).toBe(404);
    const invalid = await request(`/api/events/${event.id}`, { method: "PUT", body: { ...update, date: "nope" }, cookie: owner.cookie });
    expect(invalid.status).toBe(400);
    const movedToThePast = await request(`/api/events/${event.id}`, {
      method: "PUT",
      body: { ...update, date: "2020-01-01" },
      cookie: owner.cookie,
    });
    expect(movedToThePast.status).toBe(400);
    expect((await json(movedToThePast)).issues[0].path).toEqual(["date"]);
    const signedOut = await request(`/api/events/${event.id}`, { method: "PUT", body: update });
    expect(signedOut.status).toBe(401);

    const deleted = await request(`/api/events/${event.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(deleted.status).toBe(204);
    expect((await request(`/api/events/${event.id}`)).status).toBe(404);
    expect((await request(`/api/events/${event.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
  });

  it("refuses (409) to change an event that has started, and says so; its creator may still delete it", async () => {
    const owner = await signUp("Started");
    const started = await createStartedEventAs(owner, 1, { type: "community" });
    const res = await request(`/api/events/${started.id}`, {
      method: "PUT",
      body: eventBody({ title: "Moved on", date: daysFromNow(7) }),
      cookie: owner.cookie,
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ message: EVENT_STARTED });
    expect(await json(await request(`/api/events/${started.id}`))).toMatchObject({ title: started.title, date: started.date });
    expect((await request(`/api/events/${started.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
  });

  it("refuses (409) to shrink player seats below the players already seated (the host is one)", async () => {
    const owner = await signUp("Shrink");
    const event = await createEventAs(owner, { playerSlots: 3, alternateSlots: 0 });
    for (const name of ["A", "B"]) expect((await join(await signUp(name), event.id)).status).toBe(201);
    expect((await join(await signUp("C"), event.id)).status).toBe(409);
    const res = await request(`/api/events/${event.id}`, {
      method: "PUT",
      body: eventBody({ playerSlots: 2, alternateSlots: 0 }),
      cookie: owner.cookie,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBeTypeOf("string");
  });

  it("notifies attendees when an event is deleted", async () => {
    const owner = await signUp("Cancel");
    const guest = await signUp("Guest");
    const event = await createEventAs(owner, { type: "convention" });
    await join(guest, event.id);
    expect((await request(`/api/events/${event.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    const { env } = await import("cloudflare:workers");
    const row = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?").bind(guest.id).first<{ title: string }>();
    expect(row?.title).toBe("Event cancelled");
  });
});

describe("GET /api/events", () => {
  it("lets visitors list events, hiding creator e-mails from them", async () => {
    const owner = await signUp("Visible");
    const event = await createEventAs(owner, { communityId: "bladeforge" });
    const res = await request(`/api/events?communityId=bladeforge&upcoming=true&limit=200`);
    expect(res.status).toBe(200);
    const list = await json<any[]>(res);
    const mine = list.find((e) => e.id === event.id);
    expect(mine.creator).toEqual({ id: owner.id, firstName: "Visible" });
    expect(mine.isUserAttending).toBe(false);
  });

  it("filters by type, community, upcoming and date range, ordered by start", async () => {
    const owner = await signUp("Filter");
    const communityId = "deckmaster";
    const past = await createStartedEventAs(owner, 2, { communityId, type: "community" });
    const later = await createEventAs(owner, { communityId, date: "2032-03-10", time: "20:00" });
    const sooner = await createEventAs(owner, { communityId, date: "2032-03-10", time: "08:00" });
    const other = await createEventAs(owner, { communityId, date: "2032-03-11", type: "release" });

    const ids = async (qs: string) => (await json<any[]>(await request(`/api/events?${qs}`, { cookie: owner.cookie }))).map((e) => e.id);
    const march = await ids(`communityId=${communityId}&from=2032-03-10&to=2032-03-10`);
    expect(march).toEqual([sooner.id, later.id]);
    const pods = await ids(`communityId=${communityId}&type=game_pod&from=2032-03-01&to=2032-03-31`);
    expect(pods).toEqual([sooner.id, later.id]);
    const upcoming = await ids(`communityId=${communityId}&upcoming=true&limit=200`);
    expect(upcoming).not.toContain(past.id);
    expect(upcoming).toEqual(expect.arrayContaining([sooner.id, later.id, other.id]));
    const all = await ids(`communityId=${communityId}&limit=200`);
    expect(all).toContain(past.id);

    const bad = await request(`/api/events?type=party&upcoming=yes&from=2032-13-01&limit=0`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).issues.map((i: any) => i.path[0]).sort()).toEqual(["from", "limit", "type", "upcoming"]);
  });

  it("paginates with a cursor", async () => {
    const owner = await signUp("Pager");
    const community = "decksong";
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createEventAs(owner, { communityId: community, date: "2033-07-01", time: `1${i}:00` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = `scope=hosting&from=2033-07-01&to=2033-07-01&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await request(`/api/events?${qs}`, { cookie: owner.cookie });
      const page = await json<any[]>(res);
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((e) => e.id));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(seen).toEqual(created.map((e) => e.id));
    expect((await request(`/api/events?cursor=%%%`)).status).toBe(400);
  });

  it("scope=attending and scope=hosting list the member's events; scope needs sign-in", async () => {
    const host = await signUp("Hoster");
    const guest = await signUp("Attender");
    const a = await createEventAs(host);
    const b = await createEventAs(host);
    await join(guest, b.id);
    const attending = await json<any[]>(await request(`/api/events?scope=attending&limit=200`, { cookie: guest.cookie }));
    expect(attending.map((e) => e.id)).toEqual([b.id]);
    expect(attending[0]).toMatchObject({
      isUserAttending: true,
      role: "participant",
      playerType: "main",
      mainPlayers: 2,
      attendeeCount: 2,
    });
    const hosting = await json<any[]>(await request(`/api/events?scope=hosting&limit=200`, { cookie: host.cookie }));
    expect(hosting.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect((await request(`/api/events?scope=attending`)).status).toBe(401);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { loadCalendarPage } from "../workers/domain/events/event-queries";
import { createEventAs, createStartedEventAs, daysFromNow, signUp } from "./events-helpers";
import { postForm, queriesOf, toastOf } from "./page-forms";
import { type Member, json, request } from "./helpers";

/** The create dialog's fields as the browser posts them (all text). */
function eventFields(overrides: Record<string, string> = {}) {
  return {
    intent: "create",
    title: `Form pod ${crypto.randomUUID().slice(0, 8)}`,
    type: "game_pod",
    date: daysFromNow(4),
    time: "19:30",
    location: "TableSync",
    description: "",
    communityId: "duelcraft",
    playerSlots: "2",
    alternateSlots: "1",
    maxAttendees: "",
    ...overrides,
  };
}

async function eventAs(member: Member, id: string) {
  return json(await request(`/api/events/${id}`, { cookie: member.cookie }));
}

async function hostedTitles(member: Member): Promise<string[]> {
  const events = await json<{ title: string }[]>(await request("/api/events?scope=hosting&limit=200", { cookie: member.cookie }));
  return events.map((e) => e.title);
}

describe("/calendar actions without JavaScript (document posts, post/redirect/get)", () => {
  it("create: redirects to the event's month with the event focused and the toast, and the page then shows both", async () => {
    const olive = await signUp("Olive");
    const fields = eventFields();
    const res = await postForm("/calendar?realm=duelcraft&create=1", olive, fields);
    expect(res.status).toBe(302);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const location = new URL(res.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/calendar");
    expect(location.searchParams.get("realm")).toBe("duelcraft");
    expect(location.searchParams.get("month")).toBe(fields.date.slice(0, 7));
    expect(location.searchParams.has("create")).toBe(false);
    expect(toastOf(res)).toEqual({ title: "Event created successfully!" });

    const id = location.searchParams.get("event")!;
    expect(await eventAs(olive, id)).toMatchObject({
      title: fields.title,
      type: "game_pod",
      date: fields.date,
      time: "19:30",
      communityId: "duelcraft",
      description: null,
      maxAttendees: null,
      playerSlots: 2,
      alternateSlots: 1,
      creator: { id: olive.id },
    });

    const cookie = `${olive.cookie}; ${res.headers.getSetCookie()[0].split(";")[0]}`;
    const page = await request(location.pathname + location.search, { cookie });
    expect(page.status).toBe(200);
    expect(queriesOf(page)).toBeLessThanOrEqual(5);
    const html = await page.text();
    expect(html).toContain("Event created successfully!");
    expect(html).toContain("Selected event");
    expect(html).toContain(fields.title);
  });

  it("create with bad fields: 400, the errors beside the fields and the typed values kept, nothing created", async () => {
    const olive = await signUp("Olive");
    const res = await postForm("/calendar?realm=duelcraft&create=1", olive, eventFields({ title: " ", type: "", location: "Kept place" }));
    expect(res.status).toBe(400);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const html = await res.text();
    expect(html).toContain("Title is required");
    expect(html).toContain("Choose an event type");
    expect(html).toContain('value="Kept place"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="title"|name="title"[^>]*aria-invalid="true"/);
    expect(await hostedTitles(olive)).toEqual([]);
  });

  it("create dated 1 January 2020: 400, the reason beside the date, nothing saved; a started event's edit is refused", async () => {
    const olive = await signUp("Olive");
    const res = await postForm("/calendar?realm=duelcraft&create=1", olive, eventFields({ date: "2020-01-01", title: "New Year 2020" }));
    expect(res.status).toBe(400);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const html = await res.text();
    expect(html).toContain("This day has passed: events, pods and tournaments start in the future");
    expect(html).toMatch(/aria-invalid="true"[^>]*name="date"|name="date"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="New Year 2020"');
    expect(html).not.toContain("Event created successfully!");
    expect(await hostedTitles(olive)).toEqual([]);

    const started = await createStartedEventAs(olive, 1, { communityId: "duelcraft" });
    const edit = { ...eventFields({ intent: "update", title: "Too late", date: daysFromNow(5) }), id: started.id };
    const refused = await postForm(`/calendar?realm=duelcraft&edit=${started.id}`, olive, edit);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This event has started, so it can no longer be changed");
    expect((await eventAs(olive, started.id)).title).toBe(started.title);
    // Its edit dialog (opened by link) says so instead of offering a form that cannot be saved.
    const dialog = await request(`/calendar?realm=duelcraft&month=${started.date.slice(0, 7)}&edit=${started.id}`, {
      cookie: olive.cookie,
    });
    const page = await dialog.text();
    expect(page).toContain('data-testid="event-started"');
    expect(page).toContain("This event has started, so it can no longer be changed");
    expect(page).not.toContain("Update Event");
  });

  it("update and delete: only the creator or host; theirs redirect with the spec's toasts", async () => {
    const [owner, other] = await Promise.all([signUp("Owner"), signUp("Other")]);
    const event = await createEventAs(owner, { communityId: "duelcraft" });
    const edit = { ...eventFields({ intent: "update", title: "Renamed pod", date: event.date }), id: event.id };

    const refused = await postForm(`/calendar?edit=${event.id}`, other, edit);
    expect(refused.status).toBe(403);
    expect(queriesOf(refused)).toBeLessThanOrEqual(5);
    expect(await refused.text()).toContain("Only the event&#x27;s creator or host can change it");
    expect((await eventAs(owner, event.id)).title).toBe(event.title);

    const updated = await postForm(`/calendar?realm=duelcraft&edit=${event.id}`, owner, edit);
    expect(updated.status).toBe(302);
    expect(queriesOf(updated)).toBeLessThanOrEqual(5);
    expect(toastOf(updated)).toEqual({ title: "Event updated successfully!" });
    expect(updated.headers.get("Location")).toBe(`/calendar?realm=duelcraft&month=${event.date.slice(0, 7)}&event=${event.id}`);
    expect(await eventAs(owner, event.id)).toMatchObject({ title: "Renamed pod", playerSlots: 2, alternateSlots: 1 });

    expect((await postForm(`/calendar?delete=${event.id}`, other, { intent: "delete", id: event.id })).status).toBe(403);
    const deleted = await postForm(`/calendar?event=${event.id}&delete=${event.id}`, owner, { intent: "delete", id: event.id });
    expect(deleted.status).toBe(302);
    expect(queriesOf(deleted)).toBeLessThanOrEqual(5);
    expect(toastOf(deleted)).toEqual({ title: "Event deleted successfully!" });
    expect(deleted.headers.get("Location")).toBe("/calendar");
    expect((await request(`/api/events/${event.id}`)).status).toBe(404);
  });

  it("join and leave: the server decides the seat; a full pod is refused with the reason on the page", async () => {
    const [host, ann, ben] = await Promise.all([signUp("Host"), signUp("Ann"), signUp("Ben")]);
    const pod = await createEventAs(host, { communityId: "duelcraft", playerSlots: 2, alternateSlots: 0 });
    const join = (m: Member) =>
      postForm(`/calendar?event=${pod.id}`, m, { intent: "join", id: pod.id, role: "participant", playerType: "main" });

    const joined = await join(ann);
    expect(joined.status).toBe(302);
    expect(queriesOf(joined)).toBeLessThanOrEqual(5);
    expect(joined.headers.get("Location")).toBe(`/calendar?event=${pod.id}`);
    expect(toastOf(joined)).toEqual({ title: "Joined event successfully!", description: "You're confirmed as a main player." });
    expect(await eventAs(ann, pod.id)).toMatchObject({ isUserAttending: true, role: "participant", playerType: "main" });

    // The host holds the pod's first seat: Ann's was the last.
    const full = await join(ben);
    expect(full.status).toBe(409);
    expect(queriesOf(full)).toBeLessThanOrEqual(5);
    const html = await full.text();
    expect(html).toContain("Failed to join event");
    expect(html).toContain("All player seats and waiting list spots are taken");

    const left = await postForm(`/calendar?event=${pod.id}`, ann, { intent: "leave", id: pod.id });
    expect(left.status).toBe(302);
    expect(queriesOf(left)).toBeLessThanOrEqual(5);
    expect(toastOf(left)).toEqual({ title: "Left event successfully!" });
    expect((await eventAs(ann, pod.id)).isUserAttending).toBe(false);
  });

  it("refuses cross-site posts and sends visitors to sign-in", async () => {
    const olive = await signUp("Olive");
    const crossSite = await postForm("/calendar?create=1", olive, eventFields(), { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await hostedTitles(olive)).toEqual([]);
    const visitor = await postForm("/calendar?create=1", null, eventFields());
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });
});

describe("/calendar actions with JavaScript (single-fetch data requests)", () => {
  it("create answers with the redirect back, within the query budget", async () => {
    const olive = await signUp("Olive");
    const res = await postForm("/calendar.data?realm=duelcraft&create=1", olive, eventFields());
    expect(res.status).toBe(202);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const body = await res.text();
    expect(body).toContain('"redirect","/calendar?realm=duelcraft&month=');
    expect(toastOf(res)).toEqual({ title: "Event created successfully!" });
  });

  it("a new feed URL comes back as data; the old address stops working", async () => {
    const olive = await signUp("Olive");
    const before = await json(await request("/api/events/feed-url", { cookie: olive.cookie }));
    const res = await postForm("/calendar.data", olive, { intent: "rotate-feed" });
    expect(res.status).toBe(200);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const body = await res.text();
    expect(body).toContain("New feed URL created");
    const after = await json(await request("/api/events/feed-url", { cookie: olive.cookie }));
    expect(after.url).not.toBe(before.url);
    expect(body).toContain(after.url);
    expect((await request(new URL(before.url).pathname)).status).toBe(404);
  });
});

describe("/events/:id/attendance (the lobby's game-pod cards)", () => {
  it("joins with the seat's toast, then the waiting list, then refuses; leaves; all within the query budget", async () => {
    const [host, ann, ben, cat] = await Promise.all([signUp("Host"), signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    const pod = await createEventAs(host, { playerSlots: 2, alternateSlots: 1 });
    const attend = (m: Member, fields: Record<string, string>) => postForm(`/events/${pod.id}/attendance.data`, m, fields);
    const asPlayer = { intent: "join", role: "participant", playerType: "main" };

    const first = await attend(ann, asPlayer);
    expect(first.status).toBe(200);
    expect(queriesOf(first)).toBeLessThanOrEqual(5);
    expect(await first.text()).toContain("Joined as player!");
    // The host holds the other main seat since she made the pod.
    const waiting = await attend(ben, { intent: "join", role: "participant", playerType: "alternate" });
    expect(await waiting.text()).toContain("Added to waiting list!");
    const refused = await attend(cat, asPlayer);
    expect(queriesOf(refused)).toBeLessThanOrEqual(5);
    const refusal = await refused.text();
    expect(refusal).toContain("Failed to join as main");
    expect(refusal).toContain("All player seats and waiting list spots are taken");
    const spectating = await attend(cat, { intent: "join", role: "spectator", playerType: "main" });
    expect(await spectating.text()).toContain("Spectating event!");

    const left = await attend(ann, { intent: "leave" });
    expect(queriesOf(left)).toBeLessThanOrEqual(5);
    expect(await left.text()).toContain("Left event successfully!");
    // The freed main seat went to the waiting list at once.
    expect(await eventAs(ben, pod.id)).toMatchObject({ role: "participant", playerType: "main" });
  });

  it("validates the form and refuses cross-site posts", async () => {
    const [host, ann] = await Promise.all([signUp("Host"), signUp("Ann")]);
    const pod = await createEventAs(host);
    const bad = await postForm(`/events/${pod.id}/attendance.data`, ann, { intent: "join", role: "captain" });
    expect(bad.status).toBe(400);
    const crossSite = await postForm(`/events/${pod.id}/attendance.data`, ann, { intent: "join" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await eventAs(ann, pod.id)).isUserAttending).toBe(false);
  });
});

describe("the /calendar page's one-batch load", () => {
  it("gives the same events as the API's list calls (a D1 batch keys rows by column name, so no two columns may share one)", async () => {
    const [host, guest] = await Promise.all([signUp("Hilda"), signUp("Gil")]);
    const from = daysFromNow(1);
    const to = daysFromNow(10);
    const a = await createEventAs(host, { communityId: "decksong", date: daysFromNow(2), title: "Batch A" });
    await createEventAs(host, { communityId: "decksong", date: daysFromNow(3), title: "Batch B", type: "convention" });
    await postForm(`/calendar?event=${a.id}`, guest, { intent: "join", id: a.id, role: "participant", playerType: "main" });

    const page = await loadCalendarPage(getDb(env.DB), { id: guest.id }, { communityId: "decksong", from, to, focusEventId: a.id });
    const api = (query: string) => request(`/api/events?communityId=decksong&${query}`, { cookie: guest.cookie }).then((r) => json(r));
    expect(page.upcoming).toEqual(await api("upcoming=true&limit=5"));
    expect(page.monthEvents).toEqual(await api(`from=${from}&to=${to}&limit=200`));
    expect(page.attending).toEqual(await api("scope=attending&upcoming=true&limit=50"));
    expect(page.focusEvent).toEqual(await json(await request(`/api/events/${a.id}`, { cookie: guest.cookie })));
    expect(page.focusEvent).toMatchObject({ creator: { id: host.id, firstName: "Hilda" }, role: "participant", playerType: "main" });
  });
});

import { describe, expect, it } from "vitest";
import { parseIcs } from "../workers/domain/events/ics";
import { createEventAs, daysFromNow, join, signUp } from "./events-helpers";
import { json, request } from "./helpers";

describe("GET /api/events/:id/ics", () => {
  it("serves one event as valid iCalendar that parses back", async () => {
    const host = await signUp("Ics");
    const event = await createEventAs(host, {
      title: "Draft night; cube, sealed",
      description: "Bring sleeves\nand snacks",
      date: "2031-02-03",
      time: "18:45",
    });
    const res = await request(`/api/events/${event.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toContain(".ics");
    const text = await res.text();
    expect(text).toContain("\r\n");
    const calendar = parseIcs(text).children[0];
    expect(calendar.name).toBe("VCALENDAR");
    const [vevent] = calendar.children;
    expect(vevent.name).toBe("VEVENT");
    expect(vevent.properties).toMatchObject({
      UID: `${event.id}@realmcast`,
      DTSTART: "20310203T184500Z",
      SUMMARY: "Draft night; cube, sealed",
      DESCRIPTION: "Bring sleeves\nand snacks",
      LOCATION: "Discord voice",
    });
    expect(vevent.properties.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(text).toContain("SUMMARY:Draft night\\; cube\\, sealed");
    expect((await request(`/api/events/${crypto.randomUUID()}/ics`)).status).toBe(404);
  });
});

describe("private calendar feed", () => {
  it("gives a member a stable secret URL listing the events they attend or host", async () => {
    const me = await signUp("Feed");
    const other = await signUp("Elsewhere");
    const hosted = await createEventAs(me, { title: "My own pod" });
    const attended = await createEventAs(other, { title: "Their pod", date: daysFromNow(5) });
    const unrelated = await createEventAs(other, { title: "Not mine" });
    await join(me, attended.id);

    expect((await request("/api/events/feed-url")).status).toBe(401);
    const first = await json(await request("/api/events/feed-url", { cookie: me.cookie }));
    const second = await json(await request("/api/events/feed-url", { cookie: me.cookie }));
    expect(second.url).toBe(first.url);
    expect(first.url).toMatch(/^http:\/\/localhost\/api\/events\/feed\/[A-Za-z0-9_-]{43}$/);
    expect(first.webcalUrl).toBe(first.url.replace("http:", "webcal:"));

    const res = await request(new URL(first.url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/calendar");
    const vevents = parseIcs(await res.text()).children[0].children;
    const uids = vevents.map((v) => v.properties.UID);
    expect(uids).toEqual(expect.arrayContaining([`${hosted.id}@realmcast`, `${attended.id}@realmcast`]));
    expect(uids).not.toContain(`${unrelated.id}@realmcast`);

    const otherUrl = (await json(await request("/api/events/feed-url", { cookie: other.cookie }))).url;
    expect(otherUrl).not.toBe(first.url);
    expect((await request("/api/events/feed/not-a-real-token")).status).toBe(404);

    // Resetting the URL retires the old one at once.
    const rotated = await json(await request("/api/events/feed-url", { method: "POST", cookie: me.cookie }));
    expect(rotated.url).not.toBe(first.url);
    expect((await request(new URL(first.url).pathname)).status).toBe(404);
    expect((await request(new URL(rotated.url).pathname)).status).toBe(200);
    expect((await request("/api/events/feed-url", { method: "POST" })).status).toBe(401);
  });
});

import { describe, expect, it } from "vitest";
import { parseIcs } from "../workers/domain/events/ics";
import { createEventAs, eventBody, signUp } from "./events-helpers";
import { json, request } from "./helpers";

const BERLIN = { date: "2030-12-01", time: "18:00", timeZone: "Europe/Berlin" };

async function icsStart(eventId: string): Promise<string> {
  const res = await request(`/api/events/${eventId}/ics`);
  expect(res.status).toBe(200);
  return parseIcs(await res.text()).children[0].children[0].properties.DTSTART;
}

describe("event time zones", () => {
  it("keeps the zone an event was created in and stores the instant its wall time names", async () => {
    const host = await signUp("Zone");
    const event = await createEventAs(host, BERLIN);
    expect(event).toMatchObject({ date: "2030-12-01", time: "18:00", timeZone: "Europe/Berlin", startsAt: "2030-12-01T17:00:00.000Z" });
    expect(await icsStart(event.id)).toBe("20301201T170000Z");
    // The same instant in the list and in the member's private feed.
    const listed = await json(await request(`/api/events?from=2030-12-01&to=2030-12-01&communityId=scry-gather&limit=200`));
    expect(listed.find((e: { id: string }) => e.id === event.id)).toMatchObject({ startsAt: "2030-12-01T17:00:00.000Z" });
    const feed = await json(await request("/api/events/feed-url", { cookie: host.cookie }));
    const vevents = parseIcs(await (await request(new URL(feed.url).pathname)).text()).children[0].children;
    expect(vevents.find((v) => v.properties.UID === `${event.id}@realmcast`)?.properties.DTSTART).toBe("20301201T170000Z");
  });

  it("follows daylight saving: the same wall time in summer is a different offset", async () => {
    const host = await signUp("Summer");
    const event = await createEventAs(host, { ...BERLIN, date: "2031-07-01" });
    expect(event.startsAt).toBe("2031-07-01T16:00:00.000Z");
  });

  it("reads date and time as UTC when no zone is given", async () => {
    const host = await signUp("Utc");
    const event = await createEventAs(host, { date: "2030-05-05", time: "09:30" });
    expect(event).toMatchObject({ timeZone: "UTC", startsAt: "2030-05-05T09:30:00.000Z" });
  });

  it("PUT may move the event to another zone; leaving the zone out keeps it", async () => {
    const host = await signUp("Mover");
    const event = await createEventAs(host, BERLIN);
    const put = (body: Record<string, unknown>) =>
      request(`/api/events/${event.id}`, { method: "PUT", cookie: host.cookie, body: eventBody({ title: event.title, ...body }) });

    const moved = await put({ date: "2030-12-01", time: "18:00", timeZone: "America/New_York" });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ timeZone: "America/New_York", startsAt: "2030-12-01T23:00:00.000Z" });
    expect(await icsStart(event.id)).toBe("20301201T230000Z");

    const kept = await json(await put({ date: "2030-12-02", time: "10:00" }));
    expect(kept).toMatchObject({ timeZone: "America/New_York", startsAt: "2030-12-02T15:00:00.000Z" });
  });

  it("refuses unknown zones and offsets with a 400 naming the field", async () => {
    const host = await signUp("BadZone");
    for (const timeZone of ["Mars/Olympus_Mons", "+01:00", "", 42, "Europe/Berlin/../x"]) {
      const res = await request("/api/events", { cookie: host.cookie, body: eventBody({ timeZone }) });
      expect(res.status, String(timeZone)).toBe(400);
      const body = await json(res);
      expect(body.message).toBeTypeOf("string");
      expect(body.issues.some((i: { path: unknown[] }) => i.path.includes("timeZone"))).toBe(true);
    }
  });
});

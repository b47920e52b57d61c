import { env } from "cloudflare:workers";
import { type Member, json, request, signUp } from "./helpers";

export { signUp };

/** A date n days from today (UTC), yyyy-mm-dd. */
export function daysFromNow(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: `Pod ${crypto.randomUUID().slice(0, 8)}`,
    type: "game_pod",
    date: daysFromNow(3),
    time: "19:00",
    location: "Discord voice",
    description: "Casual commander pod",
    communityId: "scry-gather",
    ...overrides,
  };
}

export async function createEventAs(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await request("/api/events", { body: eventBody(overrides), cookie: member.cookie });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return json(res);
}

/**
 * An event that has already started: the API refuses to create one (events start in the future), so it is made
 * upcoming and then moved `daysAgo` days into the past in D1, as time passing would.
 */
export async function createStartedEventAs(member: Member, daysAgo: number, overrides: Record<string, unknown> = {}) {
  const event = await createEventAs(member, overrides);
  const date = daysFromNow(-daysAgo);
  await env.DB.prepare("UPDATE events SET date = ?, starts_at = ? WHERE id = ?")
    .bind(date, Date.parse(`${date}T${event.time}:00Z`), event.id)
    .run();
  return { ...event, date, startsAt: new Date(Date.parse(`${date}T${event.time}:00Z`)).toISOString() };
}

export async function join(member: Member, eventId: string, body: Record<string, unknown> = { status: "attending" }) {
  return request(`/api/events/${eventId}/join`, { body, cookie: member.cookie });
}

export async function members(count: number, prefix = "M"): Promise<Member[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => signUp(`${prefix}${i}`)));
}

/**
 * The SQL event writes and attendance share (docs/decisions/2026-11-22-event-seats.md): one D1 batch of raw
 * statements, the seat counts as scalar subqueries, the promotion from the waiting list and the host's own seat.
 * Each is one statement, so seats stay exact however joins, leaves and edits interleave.
 */
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { notificationInsert } from "../notifications";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs raw statements as one D1 batch (one transaction, nothing interleaves).
 * Drizzle 0.45 cannot put parameterised raw `sql` in `db.batch()` on D1, so
 * these go to the D1 client directly; each result is that statement's rows.
 */
export async function batchRows(db: Db, queries: SQL[]): Promise<unknown[][]> {
  // `drizzle()` returns the client with `$client`; the shared `Db` type just does not spell it out.
  const d1 = (db as Db & { $client: D1Database }).$client;
  const statements = queries.map((q) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return d1.prepare(text).bind(...params);
  });
  const results = await d1.batch(statements);
  return results.map((r) => r.results);
}

export const countsOf = (eventId: string) => sql`
  (SELECT count(*) FROM event_attendees c WHERE c.event_id = ${eventId})`;
export const mainsOf = (eventId: string) => sql`
  (SELECT count(*) FROM event_attendees c WHERE c.event_id = ${eventId} AND c.role = 'participant' AND c.player_type = 'main')`;
export const alternatesOf = (eventId: string) => sql`
  (SELECT count(*) FROM event_attendees c WHERE c.event_id = ${eventId} AND c.role = 'participant' AND c.player_type = 'alternate')`;

/**
 * The host's seat: the host of a game pod is its first player, seated as a main player when the pod is made (or
 * becomes a pod) while a main seat is free. A host may leave her seat like any player (it goes to the waiting list's
 * first) and take one again. See docs/decisions/2026-11-27-pod-host-and-event-starts.md.
 */
export function hostSeatInsert(eventId: string, at: number) {
  return sql`
    INSERT INTO event_attendees (event_id, user_id, status, role, player_type, joined_at)
    SELECT e.id, e.host_id, 'attending', 'participant', 'main', ${at}
    FROM events e
    WHERE e.id = ${eventId} AND e.type = 'game_pod' AND e.host_id IS NOT NULL AND ${mainsOf(eventId)} < e.player_slots
      AND (e.max_attendees IS NULL OR ${countsOf(eventId)} < e.max_attendees)
    ON CONFLICT (event_id, user_id) DO NOTHING`;
}

/**
 * Moves the earliest alternates into free main seats, as many as are free.
 * One statement, so it cannot over-fill when joins and leaves interleave.
 */
export type PromotedRow = { userId: string };
export function promoteAlternates(eventId: string) {
  return sql`
    UPDATE event_attendees SET player_type = 'main'
    WHERE event_id = ${eventId} AND user_id IN (
      SELECT p.user_id FROM event_attendees p
      WHERE p.event_id = ${eventId} AND p.role = 'participant' AND p.player_type = 'alternate'
      ORDER BY p.joined_at, p.user_id
      LIMIT coalesce(max(0,
        (SELECT e.player_slots FROM events e WHERE e.id = ${eventId} AND e.type = 'game_pod')
        - (SELECT count(*) FROM event_attendees m WHERE m.event_id = ${eventId} AND m.role = 'participant' AND m.player_type = 'main')
      ), 0)
    )
    RETURNING user_id AS userId`;
}

export async function notifyPromoted(db: Db, eventId: string, title: string, userIds: string[]) {
  if (userIds.length === 0) return;
  const [first, ...rest] = userIds.map((userId) =>
    notificationInsert(db, {
      userId,
      type: "event",
      title: "You're in! A seat opened up",
      message: `You moved from the waiting list to a main seat in "${title}".`,
      actionUrl: `/calendar?event=${eventId}`,
    }),
  );
  await db.batch([first, ...rest]);
}

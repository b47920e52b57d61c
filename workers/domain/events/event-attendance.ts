/**
 * Attendance (spec 001 §4 and §6): joining, where the seat is decided atomically in SQL, and leaving, where a freed
 * main seat goes to the earliest alternate in the same batch. See docs/decisions/2026-11-22-event-seats.md.
 */
import { sql, type SQL } from "drizzle-orm";
import type { EventDto, JoinEventBody } from "../../contract/events";
import type { Db } from "../../db/client";
import { conflict, forbidden, notFound } from "../errors";
import { isBlockedEitherWay } from "../blocks";
import { findEventRow, getEvent, toDto } from "./event-queries";
import { hasSeatLimits, type Seat } from "../../contract/event-seats";
import { alternatesOf, batchRows, countsOf, mainsOf, notifyPromoted, promoteAlternates, type PromotedRow } from "./event-seat-sql";
import { notificationInsert } from "../notifications";
import { enforceRateLimit } from "../rate-limit";
import { realmRemovalOf, refuseIfRemoved, removedFromRealm } from "../moderation/standing";

/**
 * The SQL form of `decideSeat` (event-seats.ts): one INSERT ... SELECT whose
 * WHERE is the capacity check, so concurrent joins can never over-fill.
 */
function seatInsert(eventId: string, userId: string, role: Seat["role"], now: number) {
  const playerType =
    role === "spectator"
      ? sql`'main'`
      : sql`CASE WHEN e.type <> 'game_pod' OR ${mainsOf(eventId)} < e.player_slots THEN 'main' ELSE 'alternate' END`;
  const hasRoom =
    role === "spectator"
      ? sql`1`
      : sql`(e.type <> 'game_pod' OR ${mainsOf(eventId)} < e.player_slots OR ${alternatesOf(eventId)} < e.alternate_slots)`;
  return sql`
    INSERT INTO event_attendees (event_id, user_id, status, role, player_type, joined_at)
    SELECT e.id, ${userId}, 'attending', ${role}, ${playerType}, ${now}
    FROM events e
    WHERE e.id = ${eventId} AND e.starts_at > ${now}
      AND (e.max_attendees IS NULL OR ${countsOf(eventId)} < e.max_attendees)
      AND ${hasRoom}
      AND NOT ${blockedWithOrganizers(userId)}
      AND NOT ${removedFromRealm(userId, sql`e.community_id`)}
    ON CONFLICT (event_id, user_id) DO NOTHING
    RETURNING role, player_type AS playerType`;
}

/** A block between the member and the event's creator or host (for statements over `events e`). */
function blockedWithOrganizers(userId: string): SQL {
  return sql`(${isBlockedEitherWay(userId, sql`e.creator_id`)} OR ${isBlockedEitherWay(userId, sql`e.host_id`)})`;
}

type SeatState = {
  mains: number;
  playerSlots: number;
  type: string;
  hostId: string;
  title: string;
  blocked: number;
  removal: string | null;
};

export type JoinResult = { event: EventDto; created: boolean };

/** Takes the seat the server decides (rate-limited per member: it creates rows and may notify the host). */
export async function joinEvent(db: Db, userId: string, eventId: string, input: JoinEventBody, now = Date.now()): Promise<JoinResult> {
  await enforceRateLimit(db, "eventJoin", userId, now);
  // The INSERT and the read of the counts run in one batch (one transaction),
  // so "my seat was the last main seat" is exact: the host hears once per fill.
  const [inserted, after] = (await batchRows(db, [
    seatInsert(eventId, userId, input.role, now),
    sql`
      SELECT ${mainsOf(eventId)} AS mains, e.player_slots AS playerSlots, e.type AS type,
             coalesce(e.host_id, e.creator_id) AS hostId, e.title AS title, ${blockedWithOrganizers(userId)} AS blocked,
             ${realmRemovalOf(userId, sql`e.community_id`)} AS removal
      FROM events e WHERE e.id = ${eventId}`,
  ])) as [Seat[], SeatState[]];
  const seat = inserted[0];
  if (seat) {
    const state = after[0];
    const filledNow =
      hasSeatLimits(state.type) && seat.role === "participant" && seat.playerType === "main" && state.mains === state.playerSlots;
    if (filledNow && state.hostId !== userId) {
      await notificationInsert(db, {
        userId: state.hostId,
        type: "event",
        title: "Your game pod is full",
        message: `All ${state.playerSlots} player seats of "${state.title}" are taken.`,
        actionUrl: `/calendar?event=${eventId}`,
      }).run();
    }
    return { event: await getEvent(db, { id: userId }, eventId), created: true };
  }
  // Nothing inserted: already attending (idempotent), missing, blocked, started or full.
  const event = await findEventRow(db, { id: userId }, eventId);
  if (!event) throw notFound("Event not found");
  if (event.role !== null) return { event: toDto(event), created: false };
  refuseIfRemoved(after[0]?.removal);
  if (after[0]?.blocked) throw forbidden("You cannot join this event");
  if (event.startsAt <= now) throw conflict("This event has already started");
  if (event.maxAttendees !== null && event.attendeeCount >= event.maxAttendees) {
    throw conflict("This event has reached its maximum number of attendees");
  }
  throw conflict("All player seats and waiting list spots are taken");
}

/** Leaves the event; a freed main seat goes to the earliest alternate in the same batch. */
export async function leaveEvent(db: Db, userId: string, eventId: string): Promise<{ promotedUserIds: string[] }> {
  const [removed, promoted, titles] = (await batchRows(db, [
    sql`DELETE FROM event_attendees WHERE event_id = ${eventId} AND user_id = ${userId} RETURNING user_id AS userId`,
    promoteAlternates(eventId),
    sql`SELECT title FROM events WHERE id = ${eventId}`,
  ])) as [PromotedRow[], PromotedRow[], { title: string }[]];
  if (titles.length === 0) throw notFound("Event not found");
  if (removed.length === 0) throw conflict("You are not attending this event");
  const promotedUserIds = promoted.map((p) => p.userId);
  await notifyPromoted(db, eventId, titles[0].title, promotedUserIds);
  return { promotedUserIds };
}

import { noteNotified } from "../../lib/notified-members";
import { roomLevelBand } from "../../contract/brackets";
import { sql } from "drizzle-orm";
import type { GameSessionView } from "../../contract/game-sessions";
import { formatLabel, roomPath } from "../../contract/game-session-options";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";
import { rateLimitHit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";

/**
 * "Find me a seat" found none, so the member opened a room and asked for it to be announced (issue 25): the members
 * who asked to be told (matchmaking preferences' `notifyOpenRooms`) and whose formats and power range fit the room
 * get one notification each.
 *
 * Limits, so an announcement cannot become a way to spam: a host announces at most `openRoomAlert` rooms per hour
 * (RATE_LIMITS: the room is still created past it, just not announced); each announcement reaches at most
 * `MAX_RECIPIENTS` members; a member hears of at most one open room per `QUIET_MS`; a private room is never
 * announced; blocks either way keep a member out. The count and the inserts run in one D1 batch (one round trip),
 * the insert only when the count allows it.
 */
export const MAX_RECIPIENTS = 50;
export const QUIET_MS = 30 * 60_000;
export const OPEN_ROOM_NOTIFICATION = "open_room";

/** Announces `room` to the members waiting for one like it; returns how many were told (0 past the host's limit). */
export async function announceOpenRoom(db: Db, room: GameSessionView, hostName: string, now = Date.now()): Promise<number> {
  if (room.isPrivate || room.status !== "waiting") return 0;
  const rule = RATE_LIMITS.openRoomAlert;
  const key = `openRoomAlert:${room.hostId}`;
  // On matchmaking's 1-10 scale: a Commander room's bracket, else its power level (find-a-seat reads the same bands).
  const band = roomLevelBand(room.gameData);
  const title = "A seat is open for you";
  const message = `${hostName} opened a ${formatLabel(room.gameData.format)} room: ${room.gameData.name}`;
  const [, inserted] = await db.batch([
    rateLimitHit(db, key, rule.windowMs, now),
    db
      .insert(notifications)
      .select(
        sql`SELECT lower(hex(randomblob(16))), mp.user_id, ${OPEN_ROOM_NOTIFICATION}, ${title},
        ${message}, ${roomPath(room.id)}, 0, ${now}
      FROM matchmaking_preferences mp
      WHERE (SELECT count FROM rate_limits WHERE key = ${key}) <= ${rule.limit}
        AND mp.notify_open_rooms = 1
        AND mp.user_id <> ${room.hostId}
        AND (json_array_length(mp.selected_formats) = 0 OR ${room.gameData.format} IN (SELECT value FROM json_each(mp.selected_formats)))
        ${band ? sql`AND mp.power_level_min <= ${band[1]} AND mp.power_level_max >= ${band[0]}` : sql``}
        AND NOT ${isBlockedEitherWay(sql`mp.user_id`, room.hostId)}
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = mp.user_id AND n.type = ${OPEN_ROOM_NOTIFICATION}
          AND n.created_at > ${now - QUIET_MS})
      LIMIT ${MAX_RECIPIENTS}`,
      )
      .returning({ userId: notifications.userId }),
  ]);
  noteNotified(...inserted.map((n) => n.userId));
  return inserted.length;
}

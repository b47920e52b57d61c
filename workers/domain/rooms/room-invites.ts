import { noteNotified } from "../../lib/notified-members";
import { inArray, sql } from "drizzle-orm";
import type { CreatedGameSessionView, GameSessionView } from "../../contract/game-sessions";
import type { Db } from "../../db/client";
import { gameSessionInvites, notifications, users } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";
import { formatLabel, roomPath } from "../../contract/game-session-options";

/**
 * Rooms with invites (issue 27, what a matchmaking bot needs): who hosts, which invitees may be invited, the
 * invite rows and their notifications. Who may sit in such a room is decided with every seat (room-seats.ts
 * invitedOrOpen).
 */

export const INVITE_NOTIFICATION = "room_invite";
export const INVITE_TITLE = "You're invited to a game";

/**
 * Who hosts a new room: a bot (an API token) that invites members arranges the game and does not play it, so the
 * host is the named invitee or the first; a member creating a room hosts it. Null when the request names a host it
 * may not (a member naming someone else).
 */
export function hostOfNewRoom(
  creatorId: string,
  viaToken: boolean,
  body: { invitedMemberIds?: string[]; hostMemberId?: string },
): string | null {
  const invited = body.invitedMemberIds ?? [];
  if (viaToken && invited.length > 0) return body.hostMemberId ?? invited[0];
  if (body.hostMemberId !== undefined && body.hostMemberId !== creatorId) return null;
  return creatorId;
}

/**
 * Whether creating this room seats a member other than the one who asked: a bot (an API token) naming another member
 * as host. That takes the member's consent (bot-consents.ts, issue 35); a member's own room, or a bot that hosts its
 * own member, does not.
 */
export const seatsAnotherMember = (creatorId: string, viaToken: boolean, hostId: string) => viaToken && hostId !== creatorId;

/** The invitees that exist, each with whether a block stands between them and the creator or the host (a query for a batch). */
export function inviteesQuery(db: Db, ids: string[], creatorId: string, hostId: string) {
  return (
    db
      .select({
        id: users.id,
        blocked: sql<number>`(${isBlockedEitherWay(users.id, creatorId)} OR ${isBlockedEitherWay(users.id, hostId)})`,
      })
      .from(users)
      // Always a statement, so the creating batch keeps one shape; no invitees reads nothing ("" is no member's id).
      .where(inArray(users.id, ids.length > 0 ? ids : [""]))
  );
}

/** The invitees that cannot be invited: unknown ids and members a block keeps apart. Pure, for the 400's issues. */
export function refusedInvitees(ids: string[], found: { id: string; blocked: number | boolean }[]): string[] {
  const ok = new Set(found.filter((f) => !f.blocked).map((f) => f.id));
  return ids.filter((id) => !ok.has(id));
}

/** The invite rows and one notification per invitee (the creator excepted), for the room's creating batch. */
export function inviteWrites(
  db: Db,
  room: { id: string; name: string; format: string; bracket: number | null },
  ids: string[],
  creatorId: string,
) {
  const told = ids.filter((id) => id !== creatorId);
  noteNotified(...told);
  const level = room.bracket ? `, bracket ${room.bracket}` : "";
  const message = `${room.name}: a ${formatLabel(room.format)} room${level}. Open it to take your seat.`;
  return [
    db.insert(gameSessionInvites).values(ids.map((userId) => ({ sessionId: room.id, userId }))),
    ...(told.length > 0
      ? [
          db.insert(notifications).values(
            told.map((userId) => ({
              id: crypto.randomUUID(),
              userId,
              type: INVITE_NOTIFICATION,
              title: INVITE_TITLE,
              message,
              actionUrl: roomPath(room.id),
            })),
          ),
        ]
      : []),
  ] as const;
}

/**
 * The links a created room is answered with: the room page, and for a private room with invitees the link to send
 * them (the room page opened to play: an invited member is seated, anyone else watches).
 */
export function roomLinks(
  origin: string,
  room: GameSessionView,
  invitedMemberIds: string[],
): Pick<CreatedGameSessionView, "roomUrl" | "inviteUrl" | "invitedMemberIds"> {
  const roomUrl = new URL(roomPath(room.id), origin).toString();
  const inviteUrl = room.isPrivate && invitedMemberIds.length > 0 ? `${roomUrl}?mode=play` : null;
  return { roomUrl, inviteUrl, invitedMemberIds };
}

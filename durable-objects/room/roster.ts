import { ROOM_CLOSE, closeReasonText } from "../../workers/contract/room/close-codes";
import { withoutPlayer } from "../../workers/contract/room/commander";
import type { PlaceEnd, RoomSnapshot, SocketEnd } from "../../workers/domain/rooms/room-d1";
import { postMessage, ROOM_SENDER } from "./chat";
import { roster, type RoomContext } from "./context";
import { sameRoster } from "./roster-view";
import { endSocket } from "./departures";
import { sessionTag, userTag } from "./sockets";
import { absorb, endGame, endRoom, reload } from "./sync";
import { gameStartedLine } from "./table-talk";
import { scheduleWake } from "./wake";

/** The close code and reason of a place that ended `end`'s way. */
function closeOf(end: PlaceEnd): [code: number, reason: string] {
  switch (end.how) {
    case "left":
      return [ROOM_CLOSE.left, "Left the room"];
    case "removed":
      return [ROOM_CLOSE.removed, "Removed by the host"];
    case "removed_from_realm":
      return [ROOM_CLOSE.removedFromRealm, closeReasonText(end.reason)];
    case "suspended":
      return [ROOM_CLOSE.suspended, closeReasonText(end.reason)];
  }
}

/**
 * The room service changed a place (join, spectate, leave, start) and tells
 * the room what it now holds, read in the same D1 batch as the change;
 * `leftUserId` left (or was removed), so their sockets close.
 */
export async function applyRoster(
  ctx: RoomContext,
  snapshot: RoomSnapshot | null,
  leftUserId: string | null,
  end: PlaceEnd,
): Promise<void> {
  const { roomState, sockets } = ctx;
  const before = roomState.members();
  const wasStatus = roomState.meta()?.status;
  const shown = roster(ctx);
  if (!snapshot || !(await absorb(ctx, snapshot))) return endRoom(ctx);
  const meta = roomState.meta()!;
  if (leftUserId) {
    const gone = before.find((m) => m.userId === leftUserId);
    const wasConnected = sockets.socketsOf(leftUserId).length > 0;
    const [code, reason] = closeOf(end);
    for (const socket of sockets.socketsOf(leftUserId)) sockets.retire(socket, code, reason);
    const designations = withoutPlayer(roomState.designations(), leftUserId);
    roomState.saveMeta({ ...meta, ...designations });
    if (meta.status === "completed" && wasStatus !== "completed") return endGame(ctx, "last_player_left");
    if (gone && wasConnected) {
      sockets.broadcast({ type: "player_left", player: { id: gone.userId, name: gone.name }, ...roster(ctx) });
      return scheduleWake(ctx);
    }
  }
  // Ended with nobody leaving: the service closed it (an idle or abandoned room, see housekeeping).
  if (meta.status === "completed" && wasStatus !== "completed") return endGame(ctx, "idle");
  // A place nobody sees yet (a spectator who has not connected: each arrival at a filling table) sends nothing: the
  // roster goes to every socket, so a burst of arrivals would send it to everyone once each.
  const view = roster(ctx);
  if (!sameRoster(view, shown)) sockets.broadcast({ type: "room_update", ...view });
  if (wasStatus === "waiting" && meta.status === "active") announceStart(ctx);
  await scheduleWake(ctx);
}

/**
 * A moderator ended the room (issue 38): the service marked it completed in D1 and tells the room, which ends as
 * when its host ends it, every socket told the moderator's reason (`room_ended` `moderator_ended`).
 */
export async function endByModerator(ctx: RoomContext, snapshot: RoomSnapshot | null, reason: string): Promise<void> {
  if (!snapshot || !(await absorb(ctx, snapshot))) return endRoom(ctx);
  await endGame(ctx, "moderator_ended", reason);
}

/** Start Game: the room records when (the shared clock) and announces the first player D1 picked at random. */
function announceStart(ctx: RoomContext): void {
  const meta = ctx.roomState.meta()!;
  const first = meta.currentTurn ? ctx.roomState.member(meta.currentTurn) : undefined;
  ctx.sockets.broadcast({ type: "game_started", startedAt: meta.startedAt ?? Date.now(), firstPlayer: meta.currentTurn });
  postMessage(ctx, ROOM_SENDER, gameStartedLine(first?.firstName), "game_action");
}

/**
 * Sign-out closes the sockets of that one session and treats the member as
 * dropped (seat held for SEAT_GRACE_MS). Deletion closes all of the member's
 * sockets and reloads from D1, where the member is already gone; a room
 * deleted with its host ends for everyone.
 */
export async function endMemberSockets(ctx: RoomContext, end: SocketEnd): Promise<void> {
  const { roomState, sockets } = ctx;
  const tag = end.reason === "signed_out" ? sessionTag(end.sessionKey) : userTag(end.userId);
  const ended = [...ctx.connections(tag)].filter((conn) => conn.state?.userId === end.userId);
  if (end.reason === "signed_out") {
    for (const socket of ended) endSocket(ctx, socket, ROOM_CLOSE.signedOut, "Signed out");
    return;
  }
  const before = roomState.member(end.userId);
  const wasConnected = sockets.socketsOf(end.userId).length > 0;
  for (const socket of ended) sockets.retire(socket, ROOM_CLOSE.signedOut, "Account deleted");
  if (!(await reload(ctx))) return endRoom(ctx);
  if (before && wasConnected) {
    sockets.broadcast({ type: "player_left", player: { id: before.userId, name: before.name }, ...roster(ctx) });
  } else {
    sockets.broadcast({ type: "room_update", ...roster(ctx) });
  }
}

import { ROOM_ERROR, type ClientFrame, type ServerFrame } from "../../workers/contract/room/protocol";
import type { StoredMember } from "./room-sqlite";
import { roster, type RoomContext } from "./context";
import { receivesVideo } from "./roster-view";
import { fail, send, type RoomConnection } from "./sockets";

/** The WebRTC signalling frames a member sends to one other member. */
export type SignalFrame = Extract<ClientFrame, { type: "webrtc_offer" | "webrtc_answer" | "webrtc_ice_candidate" }>;

/** What the target receives: the payload, with `fromPlayer` set by the room (never by the sender). */
export function relayed(frame: SignalFrame, fromPlayer: string): ServerFrame {
  switch (frame.type) {
    case "webrtc_offer":
      return { type: "webrtc_offer", fromPlayer, offer: frame.offer };
    case "webrtc_answer":
      return { type: "webrtc_answer", fromPlayer, answer: frame.answer };
    case "webrtc_ice_candidate":
      return { type: "webrtc_ice_candidate", fromPlayer, candidate: frame.candidate };
    default: {
      const unreachable: never = frame;
      return unreachable;
    }
  }
}

/**
 * Why a signalling frame may not go to its target, or null when it may: the
 * target must be another member with a socket here; spectators only answer
 * players (they receive video, never publish it); a player reaches a
 * spectator only within the video cap (asked last, as it costs a roster).
 */
export function relayRefusal(
  sender: Pick<StoredMember, "userId" | "role">,
  target: { userId: string; role: StoredMember["role"]; connected: boolean } | undefined,
  frameType: SignalFrame["type"],
  targetReceivesVideo: () => boolean,
): { code: string; message: string } | null {
  if (!target || !target.connected || target.userId === sender.userId) {
    return { code: ROOM_ERROR.unknownTarget, message: "That player is not connected to this room" };
  }
  if (sender.role === "spectator") {
    if (frameType === "webrtc_offer" || target.role !== "player") return { code: "forbidden", message: "Spectators only receive video" };
  } else if (target.role === "spectator" && !targetReceivesVideo()) {
    return { code: ROOM_ERROR.spectatorCap, message: "That spectator is beyond the video cap" };
  }
  return null;
}

/** Signalling goes only to the named member in this room, with `fromPlayer` set by the room. */
export function relay(
  ctx: Pick<RoomContext, "roomState" | "sockets">,
  connection: RoomConnection,
  sender: StoredMember,
  frame: SignalFrame,
): void {
  const targetId = frame.targetPlayer;
  const target = ctx.roomState.member(targetId);
  const targets = target ? ctx.sockets.socketsOf(targetId) : [];
  const refusal = relayRefusal(sender, target && { userId: targetId, role: target.role, connected: targets.length > 0 }, frame.type, () =>
    receivesVideo(roster(ctx), targetId),
  );
  if (refusal) return fail(connection, refusal.code, refusal.message);
  const out = relayed(frame, sender.userId);
  for (const socket of targets) send(socket, out);
}

import type { WSMessage } from "partyserver";
import { ROOM_CLOSE } from "../../workers/contract/room/close-codes";
import { parseClientFrame, type ClientFrame } from "../../workers/contract/room/protocol";
import type { StoredMember } from "./room-sqlite";
import { FRAME_BURST, FRAMES_PER_SECOND, freshBucket, takeToken, type Bucket } from "../rules/frame-budget";
import { sessionCheckDue } from "../rules/socket-limits";
import { join, type SessionChecks } from "./admission";
import { chat } from "./chat";
import { fastChatFrame } from "./chat-frame";
import type { RoomContext } from "./context";
import { endSocket } from "./departures";
import { hostEndsGame } from "./end-game";
import { gameAction } from "./game-actions";
import { hostSetsOut } from "./out-of-game";
import { setDeck } from "./set-deck";
import { shareCard } from "./share-card";
import { relay } from "./signalling";
import { fail, type RoomConnection } from "./sockets";

/** Token buckets per connection id (rules/frame-budget.ts): the one owner of them; losing them to hibernation only refills them. */
export class FrameBudgets {
  private readonly buckets = new Map<string, Bucket>();

  /** The room's limits by default; only bench/relay/worker.ts's bench-only room passes others (its saturation run). */
  constructor(
    private readonly ratePerSecond = FRAMES_PER_SECOND,
    private readonly burst = FRAME_BURST,
  ) {}

  /** Takes a token for one inbound frame: whether the frame may be handled. */
  admit(connectionId: string, now: number): boolean {
    const budget = takeToken(this.buckets.get(connectionId) ?? freshBucket(now, this.burst), now, this.ratePerSecond, this.burst);
    this.buckets.set(connectionId, budget.bucket);
    return budget.allowed;
  }

  forget(connectionId: string): void {
    this.buckets.delete(connectionId);
  }
}

/**
 * One inbound frame: within the frame budget, parsed, the session re-checked
 * when due (always on join_room), then handled for a joined member.
 */
export async function receive(
  ctx: RoomContext,
  gates: { budgets: FrameBudgets; sessionChecks: SessionChecks },
  connection: RoomConnection,
  raw: WSMessage,
): Promise<void> {
  const state = connection.state;
  if (!state || state.retired) return;
  const now = Date.now();
  if (!gates.budgets.admit(connection.id, now)) return fail(connection, "rate_limited", "Too many frames: slow down (20 per second)");
  // Chat frames the schema would certainly accept skip it (room/chat-frame.ts); every other frame, and every refusal, is the schema's.
  const fast = fastChatFrame(raw);
  const parsed = fast ? ({ ok: true, frame: fast } as const) : parseClientFrame(raw);
  if (!parsed.ok && parsed.code === "too_large") {
    // The runtime has buffered it already (it offers no lower per-socket limit); closing stops the sender sending more.
    return endSocket(ctx, connection, ROOM_CLOSE.tooLarge, "Frame too large (64 KB max)");
  }
  if (!parsed.ok) return fail(connection, parsed.code, parsed.message);
  const frame = parsed.frame;
  // Joining always checks the session; other frames at most every SESSION_RECHECK_MS (no KV read per frame).
  if (frame.type === "join_room" || sessionCheckDue(state.sessionCheckedAt, now)) {
    if (!(await gates.sessionChecks.stillValid(connection))) {
      return endSocket(ctx, connection, ROOM_CLOSE.signedOut, "Signed out");
    }
  }
  if (frame.type === "join_room") return join(ctx, connection);
  if (!state.joined) return fail(connection, "not_joined", "Send join_room first");
  const member = ctx.roomState.member(state.userId);
  if (!member) return fail(connection, "not_joined", "You are not in this room");
  await handle(ctx, connection, member, frame);
}

/** A joined member's frame, to the part that handles it. */
async function handle(
  ctx: RoomContext,
  connection: RoomConnection,
  member: StoredMember,
  frame: Exclude<ClientFrame, { type: "join_room" }>,
) {
  switch (frame.type) {
    case "message":
      return chat(ctx, connection, member, frame.content);
    case "game_action":
      return gameAction(ctx, connection, member, frame);
    case "webrtc_offer":
    case "webrtc_answer":
    case "webrtc_ice_candidate":
      return relay(ctx, connection, member, frame);
    case "camera_status":
    case "mic_status":
      if (member.role !== "player") return fail(connection, "forbidden", "Spectators do not publish media");
      return ctx.sockets.broadcast({ type: frame.type, player: member.userId, enabled: frame.enabled }, [connection.id]);
    case "end_game":
      return hostEndsGame(ctx, connection, member);
    case "set_deck":
      return setDeck(ctx, connection, member, frame);
    case "seat_out":
      return hostSetsOut(ctx, connection, member, frame);
    case "share_card":
      return shareCard(ctx, connection, member, frame.cardId);
    default: {
      const unreachable: never = frame;
      return unreachable;
    }
  }
}

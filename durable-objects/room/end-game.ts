import { endGameFromRoom } from "../../workers/domain/room-records";
import type { StoredMember } from "../room-store";
import { postMessage } from "./chat";
import type { RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";
import { absorb, endGame, endRoom } from "./sync";
import { hostEndedLine } from "./table-talk";

/** Why an `end_game` frame is refused, or null when its sender may end the game (pure: tested on its own). */
export function endGameRefusal(
  meta: { hostId: string; status: string } | null,
  member: Pick<StoredMember, "userId" | "role">,
): { code: string; message: string } | null {
  if (!meta) return { code: "not_found", message: "Room not found" };
  if (member.role !== "player" || meta.hostId !== member.userId) return { code: "forbidden", message: "Only the host can end the game" };
  if (meta.status === "completed") return { code: "ended", message: "This game session has ended" };
  return null;
}

/**
 * The host's `end_game`: D1 marks the session completed (only while they still host it), then the room ends as
 * when its last player leaves: `room_ended` to every socket, spectators' too, then ROOM_CLOSE.ended.
 */
export async function hostEndsGame(ctx: RoomContext, connection: RoomConnection, member: StoredMember): Promise<void> {
  const refused = endGameRefusal(ctx.records.meta(), member);
  if (refused) return fail(connection, refused.code, refused.message);
  const { ended, snapshot } = await endGameFromRoom(ctx.db(), ctx.sessionId(), member.userId);
  if (!snapshot || !(await absorb(ctx, snapshot))) return endRoom(ctx);
  // Not ended by this call: the host role moved meanwhile, or the room ended another way (which told everyone).
  if (!ended) {
    if (ctx.records.meta()?.status !== "completed") fail(connection, "forbidden", "Only the host can end the game");
    return;
  }
  postMessage(ctx, member, hostEndedLine(member.firstName), "game_action");
  await endGame(ctx, "host_ended");
}

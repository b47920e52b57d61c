import type { StoredMember } from "./room-sqlite";
import { postMessage } from "./chat";
import type { RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";
import { endGame } from "./sync";
import { mirrorToD1 } from "./table-mirror";
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
 * The host's `end_game`: checked against the room's own state and the game completed there in one step (no frame
 * comes between), then the room ends as when its last player leaves: `room_ended` to every socket, spectators'
 * too, then ROOM_CLOSE.ended; D1 is told after (room/table-mirror.ts), for the lobby and the results.
 */
export async function hostEndsGame(ctx: RoomContext, connection: RoomConnection, member: StoredMember): Promise<void> {
  const refused = endGameRefusal(ctx.roomState.meta(), member);
  if (refused) return fail(connection, refused.code, refused.message);
  ctx.roomState.completeGame();
  postMessage(ctx, member, hostEndedLine(member.firstName), "game_action");
  // endGame broadcasts and closes the sockets before its first await: D1 hears of the end right after the sockets
  // did, so a page that follows the "Game result" link finds the game completed.
  const ended = endGame(ctx, "host_ended");
  mirrorToD1(ctx);
  await ended;
}

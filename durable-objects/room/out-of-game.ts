import { outAfterChange } from "../../workers/contract/room/commander";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import { nextTurn } from "../rules/turns";
import { postMessage, ROOM_SENDER } from "./chat";
import { roster, type RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";
import { outLine } from "./table-talk";
import { mirrorToD1 } from "./table-mirror";
import { moveTurn } from "./turns";

/** Why the host's `seat_out` is refused against the room's state (pure), or null when it may be applied. */
export function seatOutRefusal(
  meta: Pick<RoomMeta, "hostId" | "status"> | null,
  actor: Pick<StoredMember, "userId" | "role">,
  target: Pick<StoredMember, "role"> | undefined,
): { code: string; message: string } | null {
  if (!meta) return { code: "not_found", message: "Room not found" };
  if (actor.role !== "player" || meta.hostId !== actor.userId) {
    return { code: "forbidden", message: "Only the host can put a player out of the game or bring them back" };
  }
  if (meta.status !== "active") return { code: "not_started", message: "The game is not being played" };
  if (!target || target.role !== "player") return { code: "unknown_player", message: "No such player at the table" };
  return null;
}

const seatsOf = (members: readonly StoredMember[]) =>
  members.flatMap((m) => (m.role === "player" && m.seat !== null ? [{ userId: m.userId, seat: m.seat, out: m.out }] : []));

/**
 * A player goes out of the game or comes back (issue 37), as the room decides it: stored, the roster to everyone,
 * a line in the chat; a player who goes out holding the turn hands it to the next player still in (the turn is the
 * room's, mirrored to D1 by moveTurn). Whether a player is out is the room's to decide; it is mirrored to D1 with the
 * table (room/table-mirror.ts) so the result form starts from who is left.
 */
async function applyOut(ctx: RoomContext, member: StoredMember, out: boolean, by: StoredMember | null): Promise<void> {
  const { roomState } = ctx;
  roomState.setOut(member, out);
  ctx.sockets.broadcast({ type: "room_update", ...roster(ctx) });
  postMessage(ctx, by ?? ROOM_SENDER, outLine(member.firstName, out, by?.firstName), "game_action");
  const meta = roomState.meta();
  if (out && meta && meta.status === "active" && meta.currentTurn === member.userId) {
    await moveTurn(ctx, meta, nextTurn(seatsOf(roomState.members()), member.userId), member.userId);
  } else {
    mirrorToD1(ctx);
  }
}

/**
 * After a change to a seated player's life or tools during the game: a change that took them from standing to lost
 * puts them out (rules in contract/room/commander.ts outAfterChange).
 */
export async function settleStanding(ctx: RoomContext, before: StoredMember): Promise<void> {
  const meta = ctx.roomState.meta();
  const after = ctx.roomState.member(before.userId);
  if (!meta || meta.status !== "active" || !after || after.role !== "player") return;
  const out = outAfterChange(before.out, before, after);
  if (out !== after.out) await applyOut(ctx, after, out, null);
}

/** The host's `seat_out`: puts a player out by hand (a concession) or brings one back (a mistaken change). */
export async function hostSetsOut(
  ctx: RoomContext,
  connection: RoomConnection,
  member: StoredMember,
  frame: { userId: string; out: boolean },
): Promise<void> {
  const target = ctx.roomState.member(frame.userId);
  const refused = seatOutRefusal(ctx.roomState.meta(), member, target);
  if (refused) return fail(connection, refused.code, refused.message);
  if (target!.out === frame.out) return;
  await applyOut(ctx, target!, frame.out, member);
}

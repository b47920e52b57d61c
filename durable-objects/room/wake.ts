import { idleMsFrom, nextWake } from "../rules/presence";
import { seatsNow, type RoomContext } from "./context";

/** Sets the room's one alarm to the next moment something is due (rules/presence.ts nextWake), or clears it. */
export async function scheduleWake(ctx: RoomContext): Promise<void> {
  const meta = ctx.roomState.meta();
  if (!meta) return;
  const at = nextWake({
    seats: seatsNow(ctx),
    currentTurn: meta.currentTurn,
    hostId: meta.hostId,
    status: meta.status,
    emptySince: ctx.sockets.size === 0 ? (meta.emptySince ?? null) : null,
    idleMs: idleMsFrom(ctx.idleMinutes),
    now: Date.now(),
    mirrorRetryAt: meta.mirrorRetryAt ?? null,
  });
  if (at === null) await ctx.storage.deleteAlarm();
  else await ctx.storage.setAlarm(at);
}

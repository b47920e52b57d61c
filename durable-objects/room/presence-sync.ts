import { recordRoomPresence } from "../../workers/domain/rooms/room-d1";
import type { RoomContext } from "./context";

type Sync = { chain: Promise<void>; written: number | null | undefined };
const syncs = new WeakMap<RoomContext["roomState"], Sync>();

/**
 * Tells D1 whether anyone is in the room, so the lobby can hide a room nobody has been at for a while
 * (workers/domain/rooms/room-visibility.ts). Called when the first socket opens and when the last one closes, never per
 * frame. Writes run one after another and each writes the room's state as it is when it runs, so a reload (a close
 * and an open within milliseconds) always leaves D1 with the last word; a write that would repeat the last is skipped.
 */
export function syncPresence(ctx: RoomContext): void {
  const sync = syncs.get(ctx.roomState) ?? { chain: Promise.resolve(), written: undefined };
  syncs.set(ctx.roomState, sync);
  sync.chain = sync.chain
    .then(async () => {
      const emptySince = ctx.sockets.size === 0 ? (ctx.roomState.meta()?.emptySince ?? Date.now()) : null;
      // Occupied after occupied, or empty after empty (the first emptiness is the one that counts): nothing to write.
      const unchanged = emptySince === null ? sync.written === null : typeof sync.written === "number";
      if (unchanged) return;
      await recordRoomPresence(ctx.db(), ctx.sessionId(), emptySince);
      sync.written = emptySince;
    })
    // A failed write leaves the lobby's view as it was; the next open or close writes again.
    .catch(() => {
      sync.written = undefined;
    });
  ctx.waitUntil(sync.chain);
}

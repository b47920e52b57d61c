import { currentLogger } from "../../workers/lib/logger";
import type { TableMirror as TableMirrorWrite } from "../../workers/domain/rooms/room-d1";
import { seatDeckColumns } from "../../workers/domain/rooms/seat-decks";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import type { RoomContext } from "./context";
import { scheduleWake } from "./wake";

/**
 * What the room's mirror writes to D1 now (pure: tested on its own), or null when D1 has taken every version: the
 * version, the turn (not while the room waits: the start's first player is D1's pick until the room has it), whether
 * the game is over, each seat whose deck the room changed since D1's last version, and every seated player out of the
 * game (the whole set each time: a handful of seats, and no version of its own to keep per member).
 */
export function mirrorPlan(meta: RoomMeta | null, members: readonly StoredMember[]): TableMirrorWrite | null {
  if (!mirrorPending(meta)) return null;
  return {
    version: meta.tableVersion,
    ...(meta.status === "waiting" ? {} : { currentTurn: meta.currentTurn }),
    ended: meta.status === "completed",
    seats: members.flatMap((m) =>
      m.role === "player" && m.deckVersion > meta.mirroredVersion ? [{ userId: m.userId, ...seatDeckColumns(m.deck) }] : [],
    ),
    out: members.flatMap((m) => (m.role === "player" && m.out ? [m.userId] : [])),
  };
}

/** Whether the room holds a version of its table that D1 has not taken. */
export function mirrorPending(meta: RoomMeta | null): meta is RoomMeta {
  return meta !== null && meta.tableVersion > meta.mirroredVersion;
}

/** How long a failed mirror waits before the room's alarm tries it again: 1 s, doubling, at most a minute. */
export function mirrorRetryDelay(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The room's mirror of its table in D1 (docs/decisions/2026-11-27-room-authority.md). The room decides the turn, the
 * game's end and the decks on its seats against its own state, stores them, broadcasts them, and only then calls
 * `flush`: one write at a time, each of the room's latest version (so a burst of passes costs one or two writes,
 * not one each), until D1 holds the newest. D1 takes a write only over a lower version, so a late one never
 * overwrites a newer one. A failed write is logged and tried again by the room's alarm (mirrorRetryAt, rules/presence.ts
 * nextWake), and a room that restarts (GameRoom.onStart) flushes what D1 has not taken yet. D1 serves lists and
 * history from it; it never decides what the table does.
 */
export class TableMirror {
  private running: Promise<void> | null = null;
  private failures = 0;

  /** `write` is the D1 batch (room-d1.ts mirrorTable); a parameter so the room's tests can see what is written. */
  constructor(private readonly write: (ctx: RoomContext, mirror: TableMirrorWrite) => Promise<unknown>) {}

  /** Writes what D1 has not taken yet; a flush already running picks up newer versions before it ends. */
  flush(ctx: RoomContext): Promise<void> {
    if (this.running) return this.running;
    if (!mirrorPending(ctx.roomState.meta())) return Promise.resolve();
    this.running = this.run(ctx);
    return this.running;
  }

  /** Resolves once no write is running (tests wait for this state). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(ctx: RoomContext): Promise<void> {
    for (;;) {
      const meta = ctx.roomState.meta();
      const plan = mirrorPending(meta) ? mirrorPlan(meta, ctx.roomState.members()) : null;
      // Cleared in the same step as the check, so a flush asked for from now on starts a new run. (Never on the
      // first pass: flush starts a run only when there is something to write.)
      if (!plan) return void (this.running = null);
      try {
        await this.write(ctx, plan);
      } catch (error) {
        this.failures++;
        const retryAt = Date.now() + mirrorRetryDelay(this.failures);
        currentLogger().error("Room table mirror to D1 failed; the alarm tries again", {
          sessionId: ctx.sessionId(),
          version: plan.version,
          failures: this.failures,
          retryAt,
          error,
        });
        ctx.roomState.setMirrorRetry(retryAt);
        this.running = null;
        // The retry's alarm (rules/presence.ts nextWake counts mirrorRetryAt; a stale one only finds nothing to do).
        return scheduleWake(ctx);
      }
      this.failures = 0;
      ctx.roomState.markMirrored(plan.version);
    }
  }
}

/** After a table change has been stored and broadcast: mirror it to D1 without holding the frame that made it. */
export function mirrorToD1(ctx: RoomContext): void {
  ctx.waitUntil(ctx.mirror.flush(ctx));
}

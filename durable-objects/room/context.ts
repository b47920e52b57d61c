import type { CardDto } from "../../workers/contract/cards";
import type { Db } from "../../workers/db/client";
import type { RoomState } from "./room-state";
import type { TableMirror } from "./table-mirror";
import { rosterView, seatPresence, type RosterView } from "./roster-view";
import type { LiveSockets, RoomConnection } from "./sockets";

/**
 * What the room's parts are given (GameRoom builds it once): its state and
 * live sockets, the database, the alarm and storage, and the runtime's few
 * services. The parts take this, never the class.
 */
export interface RoomContext {
  /** The game session id (the room's name). */
  sessionId(): string;
  db(): Db;
  readonly roomState: RoomState;
  readonly sockets: LiveSockets;
  /** The table's mirror in D1 (room/table-mirror.ts): written after the room decided and broadcast a change. */
  readonly mirror: TableMirror;
  /** The room's storage: its one alarm, and deleteAll when the session is gone. */
  readonly storage: Pick<DurableObjectStorage, "setAlarm" | "deleteAlarm" | "deleteAll">;
  /** ROOM_IDLE_MINUTES as configured. */
  readonly idleMinutes: string | undefined;
  waitUntil(promise: Promise<unknown>): void;
  /**
   * A card by its Scryfall id through the Worker's card source (its cache first): null for an id it does not know,
   * "unavailable" when the card service cannot be reached.
   */
  cardById(id: string): Promise<CardDto | null | "unavailable">;
  /** Every open socket of the room (joined or not), or those with a tag (room/sockets.ts userTag, sessionTag). */
  connections(tag?: string): Iterable<RoomConnection>;
}

/** The roster as it stands now. */
export function roster(ctx: Pick<RoomContext, "roomState" | "sockets">): RosterView {
  const meta = ctx.roomState.meta();
  return rosterView(meta, ctx.roomState.members(), ctx.sockets.connectedUserIds(), Date.now());
}

/** The seated players and whether they are connected now. */
export function seatsNow(ctx: Pick<RoomContext, "roomState" | "sockets">) {
  return seatPresence(ctx.roomState.members(), ctx.sockets.connectedUserIds());
}

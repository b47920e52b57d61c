import { Server, type ConnectionContext, type WSMessage } from "partyserver";
import { getDb } from "../workers/db/client";
import { cardSourceFor } from "../workers/domain/cards/card-cache";
import { CardServiceUnavailable } from "../workers/services/card-source";
import { CHAT_HISTORY_KEPT, type ChatMessage } from "../workers/contract/room/protocol";
import { mirrorTable, type PlaceEnd, type RoomSnapshot, type SocketEnd } from "../workers/domain/rooms/room-d1";
import { ROOM_SESSION_HEADER, ROOM_USER_HEADER } from "../workers/contract/room/headers";
import { openSocket, SessionChecks } from "./room/admission";
import type { RoomContext } from "./room/context";
import { socketClosed } from "./room/departures";
import { FrameBudgets, receive } from "./room/inbound";
import { sweep } from "./room/presence-alarm";
import { RoomState } from "./room/room-state";
import { applyRoster, endByModerator, endMemberSockets } from "./room/roster";
import { LiveSockets, socketTags, type RoomConnection, type SocketState } from "./room/sockets";
import { TableMirror } from "./room/table-mirror";

/** A seated player whose sockets are all gone gives up the seat after this long (rules/presence.ts). */
export { SEAT_GRACE_MS } from "./rules/presence";

/**
 * One TableSync room per game session id (spec 001 §7 room socket). The room
 * is the authority for the live table: dice, the turn, life totals and
 * counters, the clock, decks on seats, the game's end, and who may do what.
 * Each frame is checked and applied against the room's own state in one step
 * no other frame interleaves with, stored in its SQLite storage (RoomState, room/room-state.ts,
 * over RoomSqlite, room/room-sqlite.ts), broadcast, and only then mirrored to D1 for lists and
 * history (room/table-mirror.ts; docs/decisions/2026-11-27-room-authority.md).
 * Places (seats, spectators) are decided by the room service
 * (workers/domain/rooms/rooms.ts), which tells the room every change; the room never
 * seats anyone itself.
 *
 * This class is partyserver's hooks and the Worker's RPC methods only; each
 * concern is a part under room/ (admission, inbound frames, chat, game
 * actions, signalling, departures, roster sync, the presence alarm), given a
 * RoomContext rather than the class.
 *
 * Abstract: the Worker supplies how sessions are stored (`sessionOwner`, workers/app.ts), so the room imports
 * nothing of the Worker's auth.
 */
export abstract class GameRoom extends Server<Env> {
  static options = { hibernate: true };

  /** Whose session this key is now, or null when it has ended (sign-out, expiry, a newer sign-in). */
  protected abstract sessionOwner(sessionKey: string): Promise<string | null>;

  private readonly sockets = new LiveSockets();
  /** Per-socket frame budgets (rules/frame-budget.ts); protected only so the bench-only room (bench/relay/worker.ts) can lift them. */
  protected readonly budgets = new FrameBudgets();
  private readonly sessionChecks = new SessionChecks((key) => this.sessionOwner(key));
  private readonly mirror = new TableMirror((room, table) => mirrorTable(room.db(), room.sessionId(), table));
  private room!: RoomContext;

  onStart(): void {
    this.room = {
      sessionId: () => this.name,
      db: () => getDb(this.env.DB),
      roomState: new RoomState(this.sql.bind(this)),
      sockets: this.sockets,
      mirror: this.mirror,
      storage: this.ctx.storage,
      idleMinutes: this.env.ROOM_IDLE_MINUTES,
      waitUntil: (promise) => this.ctx.waitUntil(promise),
      connections: (tag) => this.getConnections<SocketState>(tag),
      cardById: async (id) => {
        try {
          return await cardSourceFor(this.env, getDb(this.env.DB)).byId(id);
        } catch (error) {
          if (error instanceof CardServiceUnavailable) return "unavailable";
          throw error;
        }
      },
    };
    this.sockets.restore(this.getConnections<SocketState>());
    // A room that stopped before D1 took its last table change writes it now.
    this.ctx.waitUntil(this.mirror.flush(this.room));
  }

  getConnectionTags(_connection: RoomConnection, ctx: ConnectionContext): string[] {
    return socketTags(ctx.request.headers.get(ROOM_USER_HEADER), ctx.request.headers.get(ROOM_SESSION_HEADER));
  }

  onConnect(connection: RoomConnection, ctx: ConnectionContext): void {
    openSocket(this.room, connection, ctx.request.headers.get(ROOM_USER_HEADER), ctx.request.headers.get(ROOM_SESSION_HEADER));
  }

  async onMessage(connection: RoomConnection, raw: WSMessage): Promise<void> {
    await receive(this.room, { budgets: this.budgets, sessionChecks: this.sessionChecks }, connection, raw);
  }

  onClose(connection: RoomConnection): void {
    this.budgets.forget(connection.id);
    socketClosed(this.room, connection);
  }

  async onAlarm(): Promise<void> {
    await this.sweep(Date.now());
  }

  /** The alarm's work (room/presence-alarm.ts); `now` is a parameter so tests can look ahead without waiting. */
  async sweep(now: number): Promise<void> {
    // The alarm also tries a failed mirror of the table again (rules/presence.ts nextWake).
    await this.mirror.flush(this.room);
    await sweep(this.room, now);
  }

  /**
   * Called by the room service after it changed a place (join, spectate, leave,
   * start) with what the room now holds, read in the same D1 batch as the
   * change; `leftUserId` left, so their sockets close.
   */
  async applyRoster(snapshot: RoomSnapshot | null, leftUserId: string | null, end: PlaceEnd = { how: "left" }): Promise<void> {
    await applyRoster(this.room, snapshot, leftUserId, end);
  }

  /** Called by the moderation service (issue 38) after it ended the room in D1: everyone is told the moderator's reason. */
  async endByModerator(snapshot: RoomSnapshot | null, reason: string): Promise<void> {
    await endByModerator(this.room, snapshot, reason);
  }

  /** A line of the room's chat history by its id, as the room has it (a report keeps its text), or null. */
  chatLine(id: string): ChatMessage | null {
    return this.room.roomState.recentChat(CHAT_HISTORY_KEPT).find((line) => line.id === id) ?? null;
  }

  /**
   * Called by the Worker (workers/domain/rooms/rooms.ts) on sign-out and account
   * deletion: the member's sockets of that session, or all of them, close.
   */
  async endMemberSockets(end: SocketEnd): Promise<void> {
    await endMemberSockets(this.room, end);
  }

  /** Marks when a member's last socket closed (storage and cache); the room's tests move it into the past. */
  private setDisconnectedAt(userId: string, at: number | null): void {
    this.room.roomState.setDisconnectedAt(userId, at);
  }
}

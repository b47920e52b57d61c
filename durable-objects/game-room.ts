import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { getDb } from "../workers/db/client";
import { setCurrentTurn } from "../workers/domain/game-sessions";
import { ROOM_REFUSALS, type EntryRefusal } from "../workers/domain/room-rules";
import {
  closeIdleRoomFromRoom,
  endPlaceFromRoom,
  handHostOverFromRoom,
  readAdmission,
  readRoomSnapshot,
  type RoomSnapshot,
  type SocketEnd,
} from "../workers/domain/rooms";
import { ROOM_SESSION_HEADER, ROOM_USER_HEADER } from "../workers/contract/room/headers";
import { ROOM_CLOSE } from "../workers/contract/room/close-codes";
import {
  CHAT_HISTORY_SENT,
  CHAT_MAX_CHARS,
  ROOM_ERROR,
  parseClientFrame,
  type ChatMessage,
  type ClientFrame,
  type GameActionFrame,
  type AwayPlayer,
  type RoomPlayer,
  type RoomSpectator,
  type ServerFrame,
} from "../workers/contract/room/protocol";
import { RoomStore, type RoomMeta, type StoredMember } from "./room-store";
import {
  applyCommanderDamage,
  applyCounter,
  applyDesignation,
  isDesignation,
  lethalBy,
  noDesignations,
  withoutPlayer,
  type Designations,
} from "../workers/contract/room/commander";
import { rollDie } from "../workers/contract/room/dice";
import { freshBucket, takeToken, type Bucket } from "./rules/frame-budget";
import { applyLifeChange, startingLife } from "./rules/life";
import {
  SEAT_GRACE_MS,
  hostAfterAway,
  idleMsFrom,
  mayPassTurn,
  nextWake,
  seatHeldUntil,
  turnAfterAwaySkips,
  type SeatPresence,
} from "./rules/presence";
import { sessionCheckDue, socketsOverLimit } from "./rules/socket-limits";
import { spectatorsWithVideo } from "./rules/spectator-video";
import { nextTurn } from "./rules/turns";
import { displayName } from "../workers/contract/display-name";

/** Per-socket state, kept in the WebSocket attachment so it survives hibernation. */
type SocketState = {
  userId: string;
  /** Key (hash) of the session the socket was opened with, from the Worker; never the cookie itself. */
  session: string;
  joined: boolean;
  connectedAt: number;
  /** When the session was last known to exist: at the upgrade (the Worker had just read it) or the last re-check. */
  sessionCheckedAt: number;
  /** Set before the room closes a socket itself (replaced, left, signed out), so onClose does nothing more. */
  retired?: boolean;
};
type RoomConnection = Connection<SocketState>;

/** Connection tags (indexed by the runtime, kept through hibernation): a member's sockets, a session's sockets. */
const userTag = (userId: string) => `u:${userId}`;
const sessionTag = (key: string) => `s:${key}`;

/** A seated player whose sockets are all gone gives up the seat after this long (rules/presence.ts). */
export { SEAT_GRACE_MS };

/** The sender of chat lines the room writes itself (a skipped turn, the first player). */
const ROOM_SENDER = { userId: "room", firstName: "Table", avatar: null } as const;

/**
 * One TableSync room per game session id (spec 001 §7 room socket). The room
 * is the authority for dice, turns, life totals and who may do what. Places
 * (seats, spectators) are decided by the room service (workers/domain/rooms.ts),
 * which tells the room every change; the room never seats anyone itself. State
 * lives in the room's SQLite storage (RoomStore); fields here are caches.
 *
 * Abstract: the Worker supplies how sessions are stored (`sessionOwner`, workers/app.ts), so the room imports
 * nothing of the Worker's auth.
 */
export abstract class GameRoom extends Server<Env> {
  static options = { hibernate: true };

  /** Whose session this key is now, or null when it has ended (sign-out, expiry, a newer sign-in). */
  protected abstract sessionOwner(sessionKey: string): Promise<string | null>;

  private store!: RoomStore;
  /** Token buckets per connection id: losing them to hibernation only refills them. */
  private buckets = new Map<string, Bucket>();
  /** Caches of storage and socket attachments (rebuilt after hibernation): the broadcast path reads no storage. */
  private memberCache: Map<string, StoredMember> | null = null;
  private metaCache: RoomMeta | null = null;
  private live = new Map<string, { conn: RoomConnection; userId: string }>();
  /** Session re-checks in flight per connection, so a burst of frames waits for one KV read. */
  private sessionChecks = new Map<string, Promise<boolean>>();

  onStart(): void {
    this.store = new RoomStore(this.sql.bind(this));
    for (const conn of this.getConnections<SocketState>()) {
      const state = conn.state;
      if (state?.joined && !state.retired) this.live.set(conn.id, { conn, userId: state.userId });
    }
  }

  private members(): StoredMember[] {
    if (!this.memberCache) this.memberCache = new Map(this.store.members().map((m) => [m.userId, m]));
    return [...this.memberCache.values()];
  }

  private member(userId: string): StoredMember | undefined {
    if (!this.memberCache) this.members();
    return this.memberCache!.get(userId);
  }

  private meta(): RoomMeta | null {
    if (!this.metaCache) this.metaCache = this.store.meta();
    return this.metaCache;
  }

  private retire(conn: RoomConnection, code: number, reason: string): void {
    this.live.delete(conn.id);
    conn.setState({ ...conn.state!, retired: true });
    try {
      conn.close(code, reason);
    } catch {
      // Already closing: nothing left to do.
    }
  }

  /** Closes a socket for good and, when it was the member's last one, handles it like a drop (seat held, others told). */
  private endSocket(conn: RoomConnection, code: number, reason: string): void {
    const userId = conn.state?.userId;
    const wasLive = this.live.has(conn.id);
    this.retire(conn, code, reason);
    if (userId && wasLive) this.memberDisconnected(userId);
  }

  private get db() {
    return getDb(this.env.DB);
  }

  getConnectionTags(_connection: RoomConnection, ctx: ConnectionContext): string[] {
    const userId = ctx.request.headers.get(ROOM_USER_HEADER);
    const session = ctx.request.headers.get(ROOM_SESSION_HEADER);
    return userId && session ? [userTag(userId), sessionTag(session)] : [];
  }

  onConnect(connection: RoomConnection, ctx: ConnectionContext): void {
    const userId = ctx.request.headers.get(ROOM_USER_HEADER);
    const session = ctx.request.headers.get(ROOM_SESSION_HEADER);
    if (!userId || !session) {
      connection.close(ROOM_CLOSE.signedOut, "Unauthorized");
      return;
    }
    const now = Date.now();
    connection.setState({ userId, session, joined: false, connectedAt: now, sessionCheckedAt: now });
    // At most MAX_SOCKETS_PER_MEMBER sockets per member: the newest stays, so a reconnect always gets in.
    const mine = [...this.getConnections<SocketState>(userTag(userId))].flatMap((conn) =>
      conn.state && !conn.state.retired ? [{ id: conn.id, connectedAt: conn.state.connectedAt, conn }] : [],
    );
    for (const old of socketsOverLimit(mine, connection.id))
      this.endSocket(old.conn, ROOM_CLOSE.replaced, "Replaced by a newer connection");
  }

  async onMessage(connection: RoomConnection, raw: WSMessage): Promise<void> {
    const state = connection.state;
    if (!state || state.retired) return;
    const now = Date.now();
    const budget = takeToken(this.buckets.get(connection.id) ?? freshBucket(now), now);
    this.buckets.set(connection.id, budget.bucket);
    if (!budget.allowed) return this.fail(connection, "rate_limited", "Too many frames: slow down (20 per second)");
    const parsed = parseClientFrame(raw);
    if (!parsed.ok && parsed.code === "too_large") {
      // The runtime has buffered it already (it offers no lower per-socket limit); closing stops the sender sending more.
      return this.endSocket(connection, ROOM_CLOSE.tooLarge, "Frame too large (64 KB max)");
    }
    if (!parsed.ok) return this.fail(connection, parsed.code, parsed.message);
    const frame = parsed.frame;
    // Joining always checks the session; other frames at most every SESSION_RECHECK_MS (no KV read per frame).
    if (frame.type === "join_room" || sessionCheckDue(state.sessionCheckedAt, now)) {
      if (!(await this.sessionStillValid(connection))) {
        return this.endSocket(connection, ROOM_CLOSE.signedOut, "Signed out");
      }
    }
    if (frame.type === "join_room") return this.join(connection);
    if (!state.joined) return this.fail(connection, "not_joined", "Send join_room first");
    const member = this.member(state.userId);
    if (!member) return this.fail(connection, "not_joined", "You are not in this room");
    await this.handle(connection, member, frame);
  }

  /**
   * Whether the socket's session still exists in KV for the same member (a KV
   * read, never D1: whether a member without a place still exists is asked
   * when they join). Concurrent frames share one check.
   */
  private sessionStillValid(connection: RoomConnection): Promise<boolean> {
    const pending = this.sessionChecks.get(connection.id);
    if (pending) return pending;
    const { userId, session } = connection.state!;
    const check = (async () => {
      const valid = (await this.sessionOwner(session)) === userId;
      const current = connection.state;
      if (valid && current && !current.retired) connection.setState({ ...current, sessionCheckedAt: Date.now() });
      return valid;
    })().finally(() => this.sessionChecks.delete(connection.id));
    this.sessionChecks.set(connection.id, check);
    return check;
  }

  private async handle(connection: RoomConnection, member: StoredMember, frame: Exclude<ClientFrame, { type: "join_room" }>) {
    switch (frame.type) {
      case "message":
        return this.chat(connection, member, frame.content);
      case "game_action":
        return this.gameAction(connection, member, frame);
      case "webrtc_offer":
        return this.relay(connection, member, frame.targetPlayer, { type: "webrtc_offer", fromPlayer: member.userId, offer: frame.offer });
      case "webrtc_answer":
        return this.relay(connection, member, frame.targetPlayer, {
          type: "webrtc_answer",
          fromPlayer: member.userId,
          answer: frame.answer,
        });
      case "webrtc_ice_candidate":
        return this.relay(connection, member, frame.targetPlayer, {
          type: "webrtc_ice_candidate",
          fromPlayer: member.userId,
          candidate: frame.candidate,
        });
      case "camera_status":
      case "mic_status":
        if (member.role !== "player") return this.fail(connection, "forbidden", "Spectators do not publish media");
        return this.broadcastFrame({ type: frame.type, player: member.userId, enabled: frame.enabled }, [connection.id]);
      default: {
        const unreachable: never = frame;
        return unreachable;
      }
    }
  }

  // ---------------------------------------------------------------- joining

  /**
   * Attaches the socket to its member's place. The room never gives places:
   * the room service does (the lobby, the room page, the API) and tells the
   * room, so a member it knows gets in without a D1 read. A member it does not
   * know (or a room never told, new or seeded) makes it read D1 once, in case
   * it missed a change, and is told why there is no place. A second socket of
   * the same member replaces the first: no duplicates.
   */
  private async join(connection: RoomConnection): Promise<void> {
    const { userId } = connection.state!;
    const sessionId = this.name;
    if (!this.meta() || !this.member(userId)) {
      const admission = await readAdmission(this.db, sessionId, userId);
      // A deleted member's other sessions linger in KV until they expire: the account must still exist.
      if (!admission.accountExists) return this.endSocket(connection, ROOM_CLOSE.signedOut, "Signed out");
      if (!admission.snapshot) return this.fail(connection, "not_found", "Room not found");
      this.applySnapshot(admission.snapshot);
      if (!this.member(userId)) return this.refuse(connection, admission.refusal);
    }
    if (this.meta()?.status === "completed") return this.fail(connection, "ended", "This game session has ended");
    if (connection.state?.retired) return;
    for (const other of this.socketsOf(userId)) {
      if (other.id !== connection.id) this.retire(other, ROOM_CLOSE.replaced, "Replaced by a newer connection");
    }
    connection.setState({ ...connection.state!, joined: true });
    this.live.set(connection.id, { conn: connection, userId });
    this.setDisconnectedAt(userId, null);
    if (this.meta()?.emptySince) this.saveMeta({ ...this.meta()!, emptySince: null });
    const me = this.member(userId)!;
    const roster = this.roster();
    this.send(connection, {
      type: "room_state",
      sessionId,
      you: {
        id: userId,
        role: me.role,
        receivesVideo: me.role === "player" || roster.spectators.some((s) => s.id === userId && s.receivesVideo),
      },
      ...roster,
      messages: this.store.recentChat(CHAT_HISTORY_SENT),
    });
    const player = me.role === "player" ? roster.players.find((p) => p.id === userId) : roster.spectators.find((s) => s.id === userId);
    if (player) this.broadcastFrame({ type: "player_joined", player, role: me.role, ...roster });
  }

  private refuse(connection: RoomConnection, refusal: EntryRefusal): void {
    switch (refusal) {
      case "not_found":
        return this.fail(connection, "not_found", "Room not found");
      case "blocked":
        return this.fail(connection, "join_failed", ROOM_REFUSALS.blocked);
      case "host_blocked":
        return this.fail(connection, "join_failed", ROOM_REFUSALS.hostBlocked);
      case "ended":
        return this.fail(connection, "ended", "This game session has ended");
      case "no_place":
        return this.fail(connection, ROOM_ERROR.noPlace, "Join or watch this room first");
      default: {
        const unreachable: never = refusal;
        return unreachable;
      }
    }
  }

  onClose(connection: RoomConnection): void {
    this.buckets.delete(connection.id);
    this.live.delete(connection.id);
    const state = connection.state;
    // Not "was it in `live`": a room woken from hibernation by this very close may not list a closing socket.
    if (!state?.joined || state.retired) return;
    this.memberDisconnected(state.userId);
  }

  /** After a member's socket went: if it was their last, hold the seat (or end the spectator place) and tell the room. */
  private memberDisconnected(userId: string): void {
    if (this.socketsOf(userId).length > 0) return;
    const member = this.member(userId);
    if (!member) return;
    this.setDisconnectedAt(member.userId, Date.now());
    if (this.live.size === 0 && this.meta()) this.saveMeta({ ...this.meta()!, emptySince: Date.now() });
    if (member.role === "spectator") {
      // A spectator holds no seat: their place ends with their last socket.
      this.ctx.waitUntil(this.removeSpectator(member.userId));
    }
    this.ctx.waitUntil(this.scheduleWake());
    this.broadcastFrame({ type: "player_left", player: { id: member.userId, name: member.name }, ...this.roster() });
  }

  /** Seated players with whether they are connected, for the presence rules. */
  private seatPresence(): SeatPresence[] {
    const connected = new Set([...this.live.values()].map((e) => e.userId));
    return this.members().flatMap((m) =>
      m.role === "player" && m.seat !== null
        ? [{ userId: m.userId, seat: m.seat, connected: connected.has(m.userId), disconnectedAt: m.disconnectedAt }]
        : [],
    );
  }

  /** Sets the room's one alarm to the next moment something is due (rules/presence.ts nextWake). */
  private async scheduleWake(): Promise<void> {
    const meta = this.meta();
    if (!meta) return;
    const at = nextWake({
      seats: this.seatPresence(),
      currentTurn: meta.currentTurn,
      hostId: meta.hostId,
      status: meta.status,
      emptySince: this.live.size === 0 ? (meta.emptySince ?? null) : null,
      idleMs: idleMsFrom(this.env.ROOM_IDLE_MINUTES),
      now: Date.now(),
    });
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  /**
   * Called by the Worker (workers/domain/rooms.ts) on sign-out and account
   * deletion. Sign-out closes the sockets of that one session and treats the
   * member as dropped (seat held for SEAT_GRACE_MS). Deletion closes all of the
   * member's sockets and reloads from D1, where the member is already gone; a
   * room deleted with its host ends for everyone.
   */
  async endMemberSockets(end: SocketEnd): Promise<void> {
    const tag = end.reason === "signed_out" ? sessionTag(end.sessionKey) : userTag(end.userId);
    const sockets = [...this.getConnections<SocketState>(tag)].filter((conn) => conn.state?.userId === end.userId);
    if (end.reason === "signed_out") {
      for (const socket of sockets) this.endSocket(socket, ROOM_CLOSE.signedOut, "Signed out");
      return;
    }
    const before = this.member(end.userId);
    const wasConnected = this.socketsOf(end.userId).length > 0;
    for (const socket of sockets) this.retire(socket, ROOM_CLOSE.signedOut, "Account deleted");
    if (!(await this.reload())) return this.endRoom();
    if (before && wasConnected) {
      this.broadcastFrame({ type: "player_left", player: { id: before.userId, name: before.name }, ...this.roster() });
    } else {
      this.broadcastFrame({ type: "room_update", ...this.roster() });
    }
  }

  /** The game session is gone from D1: everyone's socket closes and the room forgets its state (chat included). */
  private async endRoom(): Promise<void> {
    for (const conn of this.getConnections<SocketState>()) this.retire(conn, ROOM_CLOSE.roomGone, "This game session has ended");
    this.live.clear();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store = new RoomStore(this.sql.bind(this));
    this.memberCache = null;
    this.metaCache = null;
  }

  private async removeSpectator(userId: string): Promise<void> {
    if (this.member(userId)?.role !== "spectator" || this.socketsOf(userId).length > 0) return;
    const snapshot = await endPlaceFromRoom(this.db, this.name, userId, "spectator");
    if (snapshot) await this.absorb(snapshot);
  }

  async onAlarm(): Promise<void> {
    await this.sweep(Date.now());
  }

  /**
   * What the room does by itself as time passes (rules/presence.ts): skips an
   * away player's turn, hands an away host's role on, gives up seats held too
   * long, closes a waiting room nobody has been in for ROOM_IDLE_MINUTES; then
   * sets the alarm for the next deadline. `now` is a parameter so tests can
   * look ahead without waiting.
   */
  async sweep(now: number): Promise<void> {
    let meta = this.meta();
    if (!meta || meta.status === "completed") return;
    const skipTo = meta.status === "active" ? turnAfterAwaySkips(this.seatPresence(), meta.currentTurn, now) : null;
    if (skipTo) await this.moveTurn(meta, skipTo, "room");
    meta = this.meta()!;
    const newHost = hostAfterAway(this.seatPresence(), meta.hostId, now);
    if (newHost) {
      const snapshot = await handHostOverFromRoom(this.db, this.name, meta.hostId, newHost);
      if (!snapshot || !(await this.absorb(snapshot))) return this.endRoom();
      this.postMessage(ROOM_SENDER, `${this.member(newHost)?.firstName ?? "A player"} is the host now`, "game_action");
      this.broadcastFrame({ type: "room_update", ...this.roster() });
    }
    const stale = this.members().filter(
      (m) =>
        m.role === "player" &&
        m.disconnectedAt !== null &&
        now - m.disconnectedAt >= SEAT_GRACE_MS &&
        this.socketsOf(m.userId).length === 0,
    );
    for (const m of stale) {
      const snapshot = await endPlaceFromRoom(this.db, this.name, m.userId, "player");
      if (snapshot) await this.absorb(snapshot);
    }
    meta = this.meta();
    if (!meta) return;
    if (stale.length > 0) {
      if (meta.status === "completed") return this.endGame("last_player_left");
      this.broadcastFrame({ type: "room_update", ...this.roster() });
    }
    const idleMs = idleMsFrom(this.env.ROOM_IDLE_MINUTES);
    if (meta.status === "waiting" && this.live.size === 0 && meta.emptySince != null && now - meta.emptySince >= idleMs) {
      const snapshot = await closeIdleRoomFromRoom(this.db, this.name);
      if (!snapshot || !(await this.absorb(snapshot))) return this.endRoom();
      if (this.meta()?.status === "completed") return this.endGame("idle");
    }
    await this.scheduleWake();
  }

  /**
   * The game is over (status completed in D1): every open socket, spectators'
   * too, is told why and then closed. The chat stays stored, as before.
   */
  private async endGame(reason: "last_player_left" | "idle"): Promise<void> {
    const message =
      reason === "idle" ? "This room closed: nobody was at the table for a while." : "This game has ended: the last player left the table.";
    this.broadcastFrame({ type: "room_ended", reason, message });
    for (const conn of this.getConnections<SocketState>()) this.retire(conn, ROOM_CLOSE.ended, "The game has ended");
    this.live.clear();
    await this.ctx.storage.deleteAlarm();
  }

  /**
   * Called by the room service after it changed a place (join, spectate, leave,
   * start) with what the room now holds, read in the same D1 batch as the
   * change; `leftUserId` left, so their sockets close.
   */
  async applyRoster(snapshot: RoomSnapshot | null, leftUserId: string | null, how: "left" | "removed" = "left"): Promise<void> {
    const before = this.members();
    const wasStatus = this.meta()?.status;
    if (!snapshot || !(await this.absorb(snapshot))) return this.endRoom();
    const meta = this.meta()!;
    if (leftUserId) {
      const gone = before.find((m) => m.userId === leftUserId);
      const wasConnected = this.socketsOf(leftUserId).length > 0;
      for (const socket of this.socketsOf(leftUserId)) {
        if (how === "removed") this.retire(socket, ROOM_CLOSE.removed, "Removed by the host");
        else this.retire(socket, ROOM_CLOSE.left, "Left the room");
      }
      const designations = withoutPlayer(this.designations(), leftUserId);
      this.saveMeta({ ...meta, ...designations });
      if (meta.status === "completed" && wasStatus !== "completed") return this.endGame("last_player_left");
      if (gone && wasConnected) {
        this.broadcastFrame({ type: "player_left", player: { id: gone.userId, name: gone.name }, ...this.roster() });
        return this.scheduleWake();
      }
    }
    // Ended with nobody leaving: the service closed it (an idle or abandoned room, see housekeeping).
    if (meta.status === "completed" && wasStatus !== "completed") return this.endGame("idle");
    this.broadcastFrame({ type: "room_update", ...this.roster() });
    if (wasStatus === "waiting" && meta.status === "active") this.announceStart();
    await this.scheduleWake();
  }

  /** Start Game: the room records when (the shared clock) and announces the first player D1 picked at random. */
  private announceStart(): void {
    const meta = this.meta()!;
    const first = meta.currentTurn ? this.member(meta.currentTurn) : undefined;
    this.broadcastFrame({ type: "game_started", startedAt: meta.startedAt ?? Date.now(), firstPlayer: meta.currentTurn });
    this.postMessage(ROOM_SENDER, `Game started. Random pick: ${first?.firstName ?? "nobody"} goes first`, "game_action");
  }

  /** Pulls session facts and membership from D1 (the seat authority) into room storage. */
  private async reload(): Promise<RoomMeta | null> {
    const snapshot = await readRoomSnapshot(this.db, this.name);
    return snapshot ? this.applySnapshot(snapshot) : null;
  }

  /**
   * A snapshot the room is told (by the service, or by its own writes). One no
   * newer than what the room holds arrived late (two changes at once): the
   * room reads D1 instead, so a late snapshot never undoes a newer change.
   */
  private async absorb(snapshot: RoomSnapshot): Promise<RoomMeta | null> {
    const current = this.meta();
    if (current && current.version >= snapshot.version) return this.reload();
    return this.applySnapshot(snapshot);
  }

  /** Stores what D1 holds of the room: session facts and members (life totals and presence of those who stay are kept). */
  private applySnapshot({ session, version, members }: RoomSnapshot): RoomMeta {
    const before = this.meta();
    const meta: RoomMeta = {
      // What only the room keeps; the game clock starts when the room sees the game start.
      startedAt: before?.startedAt ?? (session.status === "active" ? Date.now() : null),
      monarch: before?.monarch ?? null,
      initiative: before?.initiative ?? null,
      emptySince: before?.emptySince ?? (this.live.size === 0 ? Date.now() : null),
      version,
      hostId: session.hostId,
      status: session.status,
      currentTurn: session.gameData.currentTurn,
      format: session.gameData.format,
      maxPlayers: session.maxPlayers,
    };
    this.store.saveMeta(meta);
    this.metaCache = meta;
    this.memberCache = null;
    this.store.replaceMembers(
      members.map((m) => {
        // Never the e-mail: the room's names reach every socket in it.
        const name = displayName(m);
        return {
          userId: m.userId,
          role: m.role,
          seat: m.seat,
          joinedAt: m.joinedAt,
          name,
          firstName: m.firstName?.trim() || name,
          avatar: m.profileImageUrl,
        };
      }),
      startingLife(meta.format),
    );
    return meta;
  }

  // ---------------------------------------------------------------- actions

  private chat(connection: RoomConnection, member: StoredMember, content: string): void {
    // Decision (docs/decisions/2026-11-22-room-spectators.md): chat is the table's; spectators read it.
    if (member.role !== "player") return this.fail(connection, "forbidden", "Spectators cannot chat");
    const text = content.trim();
    if (text.length === 0 || text.length > CHAT_MAX_CHARS) {
      return this.fail(connection, "bad_message", `Messages must be 1 to ${CHAT_MAX_CHARS} characters`);
    }
    this.postMessage(member, text, "chat");
  }

  private postMessage(member: Pick<StoredMember, "userId" | "firstName" | "avatar">, content: string, type: ChatMessage["type"]): void {
    const message: ChatMessage = {
      id: crypto.randomUUID(),
      sender: { id: member.userId, firstName: member.firstName, profileImageUrl: member.avatar },
      content,
      timestamp: new Date().toISOString(),
      type,
    };
    // Sent before it is stored: a storage write closes the output gate, which would hold every socket's copy
    // until the write is durable. A write that fails only costs the message its place in the history.
    this.broadcastFrame({ type: "message", message });
    this.store.appendChat(message);
  }

  private async gameAction(connection: RoomConnection, member: StoredMember, frame: GameActionFrame): Promise<void> {
    if (member.role !== "player") return this.fail(connection, "forbidden", "Spectators cannot take game actions");
    const meta = this.meta();
    if (!meta) return this.fail(connection, "not_found", "Room not found");
    switch (frame.action) {
      case "dice_roll": {
        const value = rollDie(frame.data.sides);
        this.store.logDice(member.userId, frame.data.sides, value, Date.now());
        this.broadcastFrame({
          type: "game_action",
          action: "dice_roll",
          player: member.userId,
          result: { sides: frame.data.sides, value },
        });
        this.postMessage(member, `${member.firstName} rolled a d${frame.data.sides}: ${value}`, "game_action");
        return;
      }
      case "life_change": {
        const life = this.setLife(member, applyLifeChange(member.life, frame.data.delta));
        this.broadcastFrame({
          type: "game_action",
          action: "life_change",
          player: member.userId,
          result: { playerId: member.userId, life, delta: frame.data.delta },
        });
        this.postMessage(member, `${member.firstName} ${signed(frame.data.delta)} life (${life})`, "game_action");
        return;
      }
      case "commander_damage": {
        const { from, delta } = frame.data;
        const source = this.member(from);
        if (!source || source.role !== "player" || from === member.userId) {
          return this.fail(connection, "unknown_player", "Commander damage comes from another seated player's commander");
        }
        const hit = applyCommanderDamage(member.tools, from, delta);
        this.setTools(member, hit.tools);
        const life = this.setLife(this.member(member.userId)!, applyLifeChange(member.life, hit.lifeDelta));
        this.broadcastFrame({
          type: "game_action",
          action: "commander_damage",
          player: member.userId,
          result: { playerId: member.userId, from, total: hit.total, delta, life },
        });
        const lethal = lethalBy(hit.tools).commanderFrom.includes(from) ? " (lethal)" : "";
        this.postMessage(
          member,
          `${member.firstName} ${signed(delta)} commander damage from ${source.firstName} (${hit.total}/21${lethal}), life ${life}`,
          "game_action",
        );
        return;
      }
      case "counter": {
        const { name, delta } = frame.data;
        let value: number;
        let line: string;
        let designations = this.designations();
        if (isDesignation(name)) {
          const had = designations[name];
          designations = applyDesignation(designations, name, member.userId, delta);
          if (designations[name] === had) return;
          this.saveMeta({ ...meta, ...designations });
          value = designations[name] === member.userId ? 1 : 0;
          line = value ? `${member.firstName} becomes the ${LABEL[name]}` : `${member.firstName} is no longer the ${LABEL[name]}`;
        } else {
          const counted = applyCounter(member.tools, name, delta);
          this.setTools(member, counted.tools);
          value = counted.value;
          const lethal = lethalBy(counted.tools).poison && name === "poison" ? " (lethal)" : "";
          line = `${member.firstName} ${signed(delta)} ${name} (${value}${lethal})`;
        }
        this.broadcastFrame({
          type: "game_action",
          action: "counter",
          player: member.userId,
          result: { playerId: member.userId, name, value, delta, ...designations },
        });
        this.postMessage(member, line, "game_action");
        return;
      }
      case "pass_turn": {
        if (meta.status !== "active") return this.fail(connection, "not_started", "The game has not started yet");
        if (!mayPassTurn(member.userId, meta.currentTurn, meta.hostId, this.seatPresence())) {
          return this.fail(connection, "forbidden", "Only the current player or the host can pass the turn");
        }
        const seats = this.members().flatMap((m) => (m.role === "player" && m.seat !== null ? [{ userId: m.userId, seat: m.seat }] : []));
        await this.moveTurn(meta, nextTurn(seats, meta.currentTurn), member.userId);
        return;
      }
      default: {
        const unreachable: never = frame;
        return unreachable;
      }
    }
  }

  /** Records the new turn (D1 mirrors it), tells everyone and logs it; `by` is the passer, or "room" for a skip. */
  private async moveTurn(meta: RoomMeta, next: string | null, by: string): Promise<void> {
    const version = await setCurrentTurn(this.db, this.name, next);
    this.saveMeta({ ...(this.meta() ?? meta), currentTurn: next, version });
    this.broadcastFrame({ type: "turn_change", player: next, by });
    const nextName = (next && this.member(next)?.firstName) ?? "nobody";
    const from = meta.currentTurn ? this.member(meta.currentTurn) : undefined;
    if (by === "room") {
      this.postMessage(ROOM_SENDER, `${from?.firstName ?? "A player"} is away: the turn passes to ${nextName}`, "game_action");
    } else {
      this.postMessage(
        this.member(by) ?? ROOM_SENDER,
        `${this.member(by)?.firstName ?? "A player"} passed the turn to ${nextName}`,
        "game_action",
      );
    }
    await this.scheduleWake();
  }

  /** Signalling goes only to the named member in this room, with `fromPlayer` set by the room. */
  private relay(connection: RoomConnection, sender: StoredMember, targetId: string, frame: ServerFrame): void {
    const target = this.member(targetId);
    const targets = target ? this.socketsOf(targetId) : [];
    if (!target || targets.length === 0 || targetId === sender.userId) {
      return this.fail(connection, ROOM_ERROR.unknownTarget, "That player is not connected to this room");
    }
    if (sender.role === "spectator") {
      // Spectators only answer: they receive video, never publish it, and only to players.
      if (frame.type === "webrtc_offer" || target.role !== "player")
        return this.fail(connection, "forbidden", "Spectators only receive video");
    } else if (target.role === "spectator" && !this.roster().spectators.some((s) => s.id === targetId && s.receivesVideo)) {
      return this.fail(connection, ROOM_ERROR.spectatorCap, "That spectator is beyond the video cap");
    }
    for (const socket of targets) this.send(socket, frame);
  }

  // ---------------------------------------------------------------- helpers

  /** Connected players (seat order) and spectators, as the page shows them. */
  private roster(excludingConnectionId?: string): {
    players: RoomPlayer[];
    away: AwayPlayer[];
    spectators: RoomSpectator[];
    hostId: string;
    currentTurn: string | null;
    status: RoomMeta["status"];
    monarch: string | null;
    initiative: string | null;
    startedAt: number | null;
    serverTime: number;
  } {
    const meta = this.meta();
    const connected = new Set<string>();
    for (const [id, entry] of this.live) if (id !== excludingConnectionId) connected.add(entry.userId);
    const members = this.members().filter((m) => connected.has(m.userId));
    const spectatorMembers = members.filter((m) => m.role === "spectator");
    const withVideo = spectatorsWithVideo(spectatorMembers);
    const asPlayer = (m: StoredMember): RoomPlayer => ({
      id: m.userId,
      name: m.name,
      avatar: m.avatar,
      seat: m.seat ?? 0,
      isHost: m.userId === meta?.hostId,
      life: m.life,
      commanderDamage: m.tools.commanderDamage,
      counters: m.tools.counters,
    });
    const seated = this.members()
      .filter((m) => m.role === "player")
      .sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0));
    return {
      players: seated.filter((m) => connected.has(m.userId)).map(asPlayer),
      away: seated
        .filter((m) => !connected.has(m.userId))
        .map((m) => ({
          ...asPlayer(m),
          seatHeldUntil: seatHeldUntil({ userId: m.userId, seat: m.seat ?? 0, connected: false, disconnectedAt: m.disconnectedAt }),
        })),
      spectators: spectatorMembers.map((m) => ({ id: m.userId, name: m.name, avatar: m.avatar, receivesVideo: withVideo.has(m.userId) })),
      hostId: meta?.hostId ?? "",
      currentTurn: meta?.currentTurn ?? null,
      status: meta?.status ?? "waiting",
      monarch: meta?.monarch ?? null,
      initiative: meta?.initiative ?? null,
      startedAt: meta?.startedAt ?? null,
      serverTime: Date.now(),
    };
  }

  private socketsOf(userId: string): RoomConnection[] {
    const list: RoomConnection[] = [];
    for (const entry of this.live.values()) if (entry.userId === userId) list.push(entry.conn);
    return list;
  }

  private send(connection: RoomConnection, frame: ServerFrame): void {
    try {
      connection.send(JSON.stringify(frame));
    } catch {
      // The socket closed between the lookup and the send; its close handler tidies up.
    }
  }

  private broadcastFrame(frame: ServerFrame, without: string[] = []): void {
    const text = JSON.stringify(frame);
    for (const [id, { conn }] of this.live) {
      if (without.includes(id)) continue;
      try {
        conn.send(text);
      } catch {
        // See send().
      }
    }
  }

  private saveMeta(meta: RoomMeta): void {
    this.store.saveMeta(meta);
    this.metaCache = meta;
  }

  private designations(): Designations {
    const meta = this.meta();
    return { ...noDesignations(), monarch: meta?.monarch ?? null, initiative: meta?.initiative ?? null };
  }

  private setLife(member: StoredMember, life: number): number {
    this.store.setLife(member.userId, life);
    this.memberCache?.set(member.userId, { ...member, life });
    return life;
  }

  private setTools(member: StoredMember, tools: StoredMember["tools"]): void {
    this.store.setTools(member.userId, tools);
    this.memberCache?.set(member.userId, { ...member, tools });
  }

  private setDisconnectedAt(userId: string, at: number | null): void {
    this.store.setDisconnectedAt(userId, at);
    const cached = this.memberCache?.get(userId);
    if (cached) this.memberCache!.set(userId, { ...cached, disconnectedAt: at });
  }

  private fail(connection: RoomConnection, code: string, message: string): void {
    this.send(connection, { type: "error", code, message });
  }
}

/** Chat wording of a designation. */
const LABEL = { monarch: "monarch", initiative: "holder of the initiative" } as const;

/** "+3" / "-2" for the chat log. */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

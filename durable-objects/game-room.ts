import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { readSessionUserIdByKey } from "../workers/auth/session";
import { getDb } from "../workers/db/client";
import { setCurrentTurn } from "../workers/domain/game-sessions";
import type { EntryRefusal } from "../workers/domain/room-rules";
import { endPlaceFromRoom, readAdmission, readRoomSnapshot, type RoomSnapshot, type SocketEnd } from "../workers/domain/rooms";
import { ROOM_SESSION_HEADER, ROOM_USER_HEADER } from "../workers/ws";
import { ROOM_CLOSE } from "./close-codes";
import {
  CHAT_HISTORY_SENT,
  CHAT_MAX_CHARS,
  ROOM_ERROR,
  parseClientFrame,
  type ChatMessage,
  type ClientFrame,
  type GameActionFrame,
  type RoomPlayer,
  type RoomSpectator,
  type ServerFrame,
} from "./protocol";
import { RoomStore, type RoomMeta, type StoredMember } from "./room-store";
import { rollDie } from "./rules/dice";
import { freshBucket, takeToken, type Bucket } from "./rules/frame-budget";
import { applyLifeChange, startingLife } from "./rules/life";
import { sessionCheckDue, socketsOverLimit } from "./rules/socket-limits";
import { spectatorsWithVideo } from "./rules/spectator-video";
import { canPassTurn, nextTurn } from "./rules/turns";
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

/** A seated player whose sockets are all gone gives up the seat after this long. */
export const SEAT_GRACE_MS = 5 * 60_000;

/**
 * One TableSync room per game session id (spec 001 §7 room socket). The room
 * is the authority for dice, turns, life totals and who may do what. Places
 * (seats, spectators) are decided by the room service (workers/domain/rooms.ts),
 * which tells the room every change; the room never seats anyone itself. State
 * lives in the room's SQLite storage (RoomStore); fields here are caches.
 */
export class GameRoom extends Server<Env> {
  static options = { hibernate: true };

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
      const valid = (await readSessionUserIdByKey(this.env, session)) === userId;
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
        return this.fail(connection, "join_failed", "You cannot join this room");
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
    const wasLive = this.live.delete(connection.id);
    const state = connection.state;
    if (!wasLive || !state?.joined || state.retired) return;
    this.memberDisconnected(state.userId);
  }

  /** After a member's socket went: if it was their last, hold the seat (or end the spectator place) and tell the room. */
  private memberDisconnected(userId: string): void {
    if (this.socketsOf(userId).length > 0) return;
    const member = this.member(userId);
    if (!member) return;
    this.setDisconnectedAt(member.userId, Date.now());
    if (member.role === "spectator") {
      // A spectator holds no seat: their place ends with their last socket.
      this.ctx.waitUntil(this.removeSpectator(member.userId));
    } else {
      this.ctx.waitUntil(this.ctx.storage.setAlarm(Date.now() + SEAT_GRACE_MS));
    }
    this.broadcastFrame({ type: "player_left", player: { id: member.userId, name: member.name }, ...this.roster() });
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

  /** Seats of players gone longer than the grace period are given up, so abandoned rooms end. */
  async onAlarm(): Promise<void> {
    const now = Date.now();
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
    if (stale.length > 0) this.broadcastFrame({ type: "room_update", ...this.roster() });
    const waiting = this.members().filter((m) => m.role === "player" && m.disconnectedAt !== null);
    if (waiting.length > 0) await this.ctx.storage.setAlarm(Math.min(...waiting.map((m) => m.disconnectedAt! + SEAT_GRACE_MS)));
  }

  /**
   * Called by the room service after it changed a place (join, spectate, leave,
   * start) with what the room now holds, read in the same D1 batch as the
   * change; `leftUserId` left, so their sockets close.
   */
  async applyRoster(snapshot: RoomSnapshot | null, leftUserId: string | null): Promise<void> {
    const before = this.members();
    if (!snapshot || !(await this.absorb(snapshot))) return this.endRoom();
    if (leftUserId) {
      const gone = before.find((m) => m.userId === leftUserId);
      const wasConnected = this.socketsOf(leftUserId).length > 0;
      for (const socket of this.socketsOf(leftUserId)) this.retire(socket, ROOM_CLOSE.left, "Left the room");
      if (gone && wasConnected) {
        this.broadcastFrame({ type: "player_left", player: { id: gone.userId, name: gone.name }, ...this.roster() });
        return;
      }
    }
    this.broadcastFrame({ type: "room_update", ...this.roster() });
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
    const meta: RoomMeta = {
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

  private postMessage(member: StoredMember, content: string, type: ChatMessage["type"]): void {
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
        const life = applyLifeChange(member.life, frame.data.delta);
        this.store.setLife(member.userId, life);
        this.memberCache?.set(member.userId, { ...member, life });
        this.broadcastFrame({
          type: "game_action",
          action: "life_change",
          player: member.userId,
          result: { playerId: member.userId, life, delta: frame.data.delta },
        });
        return;
      }
      case "pass_turn": {
        if (meta.status !== "active") return this.fail(connection, "not_started", "The game has not started yet");
        if (!canPassTurn(member.userId, meta.currentTurn, meta.hostId)) {
          return this.fail(connection, "forbidden", "Only the current player or the host can pass the turn");
        }
        const seats = this.members().flatMap((m) => (m.role === "player" && m.seat !== null ? [{ userId: m.userId, seat: m.seat }] : []));
        const next = nextTurn(seats, meta.currentTurn);
        const version = await setCurrentTurn(this.db, this.name, next);
        this.metaCache = { ...(this.meta() ?? meta), currentTurn: next, version };
        this.store.saveMeta(this.metaCache);
        this.broadcastFrame({ type: "turn_change", player: next, by: member.userId });
        const nextName = (next && this.member(next)?.firstName) ?? "nobody";
        this.postMessage(member, `${member.firstName} passed the turn to ${nextName}`, "game_action");
        return;
      }
      default: {
        const unreachable: never = frame;
        return unreachable;
      }
    }
  }

  /** Signalling goes only to the named member in this room, with `fromPlayer` set by the room. */
  private relay(connection: RoomConnection, sender: StoredMember, targetId: string, frame: ServerFrame): void {
    const target = this.member(targetId);
    const targets = target ? this.socketsOf(targetId) : [];
    if (!target || targets.length === 0 || targetId === sender.userId) {
      return this.fail(connection, "unknown_target", "That player is not connected to this room");
    }
    if (sender.role === "spectator") {
      // Spectators only answer: they receive video, never publish it, and only to players.
      if (frame.type === "webrtc_offer" || target.role !== "player")
        return this.fail(connection, "forbidden", "Spectators only receive video");
    } else if (target.role === "spectator" && !this.roster().spectators.some((s) => s.id === targetId && s.receivesVideo)) {
      return this.fail(connection, "spectator_cap", "That spectator is beyond the video cap");
    }
    for (const socket of targets) this.send(socket, frame);
  }

  // ---------------------------------------------------------------- helpers

  /** Connected players (seat order) and spectators, as the page shows them. */
  private roster(excludingConnectionId?: string): {
    players: RoomPlayer[];
    spectators: RoomSpectator[];
    hostId: string;
    currentTurn: string | null;
    status: RoomMeta["status"];
  } {
    const meta = this.meta();
    const connected = new Set<string>();
    for (const [id, entry] of this.live) if (id !== excludingConnectionId) connected.add(entry.userId);
    const members = this.members().filter((m) => connected.has(m.userId));
    const spectatorMembers = members.filter((m) => m.role === "spectator");
    const withVideo = spectatorsWithVideo(spectatorMembers);
    return {
      players: members
        .filter((m) => m.role === "player")
        .sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0))
        .map((m) => ({ id: m.userId, name: m.name, avatar: m.avatar, seat: m.seat ?? 0, isHost: m.userId === meta?.hostId, life: m.life })),
      spectators: spectatorMembers.map((m) => ({ id: m.userId, name: m.name, avatar: m.avatar, receivesVideo: withVideo.has(m.userId) })),
      hostId: meta?.hostId ?? "",
      currentTurn: meta?.currentTurn ?? null,
      status: meta?.status ?? "waiting",
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

  private setDisconnectedAt(userId: string, at: number | null): void {
    this.store.setDisconnectedAt(userId, at);
    const cached = this.memberCache?.get(userId);
    if (cached) this.memberCache!.set(userId, { ...cached, disconnectedAt: at });
  }

  private fail(connection: RoomConnection, code: string, message: string): void {
    this.send(connection, { type: "error", code, message });
  }
}

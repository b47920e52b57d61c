import { ROOM_CLOSE } from "../../workers/contract/room/close-codes";
import { CHAT_HISTORY_SENT } from "../../workers/contract/room/protocol";
import { readAdmission } from "../../workers/domain/rooms/room-d1";
import { socketsOverLimit } from "../rules/socket-limits";
import { roster, type RoomContext } from "./context";
import { endSocket } from "./departures";
import { syncPresence } from "./presence-sync";
import { takeSnapshot } from "./sync";
import { refusalError } from "./refusals";
import { receivesVideo } from "./roster-view";
import { fail, send, userTag, type RoomConnection } from "./sockets";

/**
 * A socket the Worker forwarded (after reading its session): not joined yet.
 * At most MAX_SOCKETS_PER_MEMBER sockets per member: the newest stays, so a
 * reconnect always gets in.
 */
export function openSocket(ctx: RoomContext, connection: RoomConnection, userId: string | null, session: string | null): void {
  if (!userId || !session) {
    connection.close(ROOM_CLOSE.signedOut, "Unauthorized");
    return;
  }
  const now = Date.now();
  connection.setState({ userId, session, joined: false, connectedAt: now, sessionCheckedAt: now });
  const mine = [...ctx.connections(userTag(userId))].flatMap((conn) =>
    conn.state && !conn.state.retired ? [{ id: conn.id, connectedAt: conn.state.connectedAt, conn }] : [],
  );
  for (const old of socketsOverLimit(mine, connection.id)) endSocket(ctx, old.conn, ROOM_CLOSE.replaced, "Replaced by a newer connection");
}

/**
 * Session re-checks in flight, per connection: the one owner of them, so a
 * burst of frames waits for one KV read.
 */
export class SessionChecks {
  private readonly pending = new Map<string, Promise<boolean>>();

  /** `owner` answers whose session a key is now (the Worker's session store), or null when it ended. */
  constructor(private readonly owner: (sessionKey: string) => Promise<string | null>) {}

  /**
   * Whether the socket's session still exists in KV for the same member (a KV
   * read, never D1: whether a member without a place still exists is asked
   * when they join). Concurrent frames share one check.
   */
  stillValid(connection: RoomConnection): Promise<boolean> {
    const pending = this.pending.get(connection.id);
    if (pending) return pending;
    const { userId, session } = connection.state!;
    const check = (async () => {
      const valid = (await this.owner(session)) === userId;
      const current = connection.state;
      if (valid && current && !current.retired) connection.setState({ ...current, sessionCheckedAt: Date.now() });
      return valid;
    })().finally(() => this.pending.delete(connection.id));
    this.pending.set(connection.id, check);
    return check;
  }
}

/**
 * Attaches the socket to its member's place. The room never gives places:
 * the room service does (the lobby, the room page, the API) and tells the
 * room, so a member it knows gets in without a D1 read. A member it does not
 * know (or a room never told, new or seeded) makes it read D1 once, in case
 * it missed a change, and is told why there is no place. A second socket of
 * the same member replaces the first: no duplicates.
 */
export async function join(ctx: RoomContext, connection: RoomConnection): Promise<void> {
  const { roomState, sockets } = ctx;
  const { userId } = connection.state!;
  const sessionId = ctx.sessionId();
  if (!roomState.meta() || !roomState.member(userId)) {
    const admission = await readAdmission(ctx.db(), sessionId, userId);
    // A deleted member's other sessions linger in KV until they expire: the account must still exist.
    if (!admission.accountExists) return endSocket(ctx, connection, ROOM_CLOSE.signedOut, "Signed out");
    if (!admission.snapshot) return fail(connection, "not_found", "Room not found");
    takeSnapshot(ctx, admission.snapshot);
    if (!roomState.member(userId)) {
      const refused = refusalError(admission.refusal);
      return fail(connection, refused.code, refused.message);
    }
  }
  if (roomState.meta()?.status === "completed") return fail(connection, "ended", "This game session has ended");
  if (connection.state?.retired) return;
  for (const other of sockets.socketsOf(userId)) {
    if (other.id !== connection.id) sockets.retire(other, ROOM_CLOSE.replaced, "Replaced by a newer connection");
  }
  connection.setState({ ...connection.state!, joined: true });
  sockets.add(connection, userId);
  // Each write is a storage call and a commit the sockets wait behind: only what changes is written (a member who
  // never left has no time to clear, and only the first socket ends the room's emptiness).
  if (roomState.member(userId)?.disconnectedAt !== null) roomState.setDisconnectedAt(userId, null);
  if (roomState.meta()?.emptySince) roomState.saveMeta({ ...roomState.meta()!, emptySince: null });
  if (sockets.size === 1) syncPresence(ctx);
  const me = roomState.member(userId)!;
  const view = roster(ctx);
  send(connection, {
    type: "room_state",
    sessionId,
    you: { id: userId, role: me.role, receivesVideo: me.role === "player" || receivesVideo(view, userId) },
    ...view,
    messages: roomState.recentChat(CHAT_HISTORY_SENT),
  });
  const entrant = me.role === "player" ? view.players.find((p) => p.id === userId) : view.spectators.find((s) => s.id === userId);
  if (entrant) sockets.broadcast({ type: "player_joined", player: entrant, role: me.role, ...view });
}

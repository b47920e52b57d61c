import type { Connection } from "partyserver";
import type { ServerFrame } from "../../workers/contract/room/protocol";

/** Per-socket state, kept in the WebSocket attachment so it survives hibernation. */
export type SocketState = {
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
export type RoomConnection = Connection<SocketState>;

/** Connection tags (indexed by the runtime, kept through hibernation): a member's sockets, a session's sockets. */
export const userTag = (userId: string) => `u:${userId}`;
export const sessionTag = (key: string) => `s:${key}`;

/** The tags of a socket the Worker forwarded with these headers (none without both: onConnect closes it). */
export function socketTags(userId: string | null, session: string | null): string[] {
  return userId && session ? [userTag(userId), sessionTag(session)] : [];
}

export function send(connection: RoomConnection, frame: ServerFrame): void {
  try {
    connection.send(JSON.stringify(frame));
  } catch {
    // The socket closed between the lookup and the send; its close handler tidies up.
  }
}

export function fail(connection: RoomConnection, code: string, message: string): void {
  send(connection, { type: "error", code, message });
}

/**
 * The joined sockets of the room, by connection id: the one owner of who is
 * connected. A cache of the socket attachments (rebuilt after hibernation), so
 * the broadcast path reads no storage.
 */
export class LiveSockets {
  private readonly live = new Map<string, { id: string; conn: RoomConnection; userId: string }>();

  /** After a wake from hibernation: every joined socket the room has not closed itself. */
  restore(connections: Iterable<RoomConnection>): void {
    for (const conn of connections) {
      const state = conn.state;
      if (state?.joined && !state.retired) this.live.set(conn.id, { id: conn.id, conn, userId: state.userId });
    }
  }

  add(conn: RoomConnection, userId: string): void {
    this.live.set(conn.id, { id: conn.id, conn, userId });
  }

  remove(connectionId: string): void {
    this.live.delete(connectionId);
  }

  has(connectionId: string): boolean {
    return this.live.has(connectionId);
  }

  clear(): void {
    this.live.clear();
  }

  get size(): number {
    return this.live.size;
  }

  /** The members with at least one joined socket. */
  connectedUserIds(): Set<string> {
    const connected = new Set<string>();
    for (const entry of this.live.values()) connected.add(entry.userId);
    return connected;
  }

  socketsOf(userId: string): RoomConnection[] {
    const list: RoomConnection[] = [];
    for (const entry of this.live.values()) if (entry.userId === userId) list.push(entry.conn);
    return list;
  }

  /** Closes a socket the room ends itself: marked retired first, so its onClose does nothing more. */
  retire(conn: RoomConnection, code: number, reason: string): void {
    this.live.delete(conn.id);
    conn.setState({ ...conn.state!, retired: true });
    try {
      conn.close(code, reason);
    } catch {
      // Already closing: nothing left to do.
    }
  }

  /**
   * Sends one frame to every joined socket but those in `without` (serialized once). The room's hottest loop (every
   * chat line, to every socket): over the entries' values, which allocate nothing per socket, where `[id, entry]`
   * pairs made one array each.
   */
  broadcast(frame: ServerFrame, without: readonly string[] = []): void {
    const text = JSON.stringify(frame);
    for (const { id, conn } of this.live.values()) {
      if (without.length > 0 && without.includes(id)) continue;
      try {
        conn.send(text);
      } catch {
        // See send().
      }
    }
  }
}

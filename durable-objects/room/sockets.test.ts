import { describe, expect, it } from "vitest";
import { fail, LiveSockets, send, socketTags, type RoomConnection, type SocketState } from "./sockets";

/** A stand-in for partyserver's Connection: what the room calls on it. */
function fakeConnection(id: string, state: SocketState | null, opts: { broken?: boolean } = {}) {
  const conn = {
    id,
    state,
    sent: [] as string[],
    closed: null as { code: number; reason: string } | null,
    setState(next: SocketState) {
      conn.state = next;
    },
    send(text: string) {
      if (opts.broken) throw new Error("closed");
      conn.sent.push(text);
    },
    close(code: number, reason: string) {
      if (conn.closed) throw new Error("already closing");
      conn.closed = { code, reason };
    },
  };
  return conn as typeof conn & RoomConnection;
}
const joined = (userId: string, extra: Partial<SocketState> = {}): SocketState => ({
  userId,
  session: "k",
  joined: true,
  connectedAt: 1,
  sessionCheckedAt: 1,
  ...extra,
});

describe("socketTags", () => {
  it("tags a socket by member and session, or not at all without both", () => {
    expect(socketTags("u1", "abc")).toEqual(["u:u1", "s:abc"]);
    expect(socketTags("u1", null)).toEqual([]);
    expect(socketTags(null, "abc")).toEqual([]);
  });
});

describe("LiveSockets", () => {
  it("restores joined sockets the room has not retired", () => {
    const live = new LiveSockets();
    live.restore([
      fakeConnection("1", joined("a")),
      fakeConnection("2", joined("a", { joined: false })),
      fakeConnection("3", joined("b", { retired: true })),
      fakeConnection("4", null),
      fakeConnection("5", joined("b")),
    ]);
    expect(live.size).toBe(2);
    expect([...live.connectedUserIds()]).toEqual(["a", "b"]);
    expect(live.socketsOf("a").map((c) => c.id)).toEqual(["1"]);
  });

  it("retires a socket: out of the live set, marked, closed once", () => {
    const live = new LiveSockets();
    const conn = fakeConnection("1", joined("a"));
    live.add(conn, "a");
    live.retire(conn, 4000, "Replaced");
    expect(live.has("1")).toBe(false);
    expect(conn.state?.retired).toBe(true);
    expect(conn.closed).toEqual({ code: 4000, reason: "Replaced" });
    expect(() => live.retire(conn, 4001, "again")).not.toThrow();
  });

  it("broadcasts one serialization to all but the excluded, past broken sockets", () => {
    const live = new LiveSockets();
    const [a, broken, c] = [fakeConnection("a", null), fakeConnection("b", null, { broken: true }), fakeConnection("c", null)];
    live.add(a, "u1");
    live.add(broken, "u2");
    live.add(c, "u3");
    live.broadcast({ type: "mic_status", player: "u1", enabled: true }, ["a"]);
    expect(a.sent).toEqual([]);
    expect(c.sent).toEqual(['{"type":"mic_status","player":"u1","enabled":true}']);
    live.remove("c");
    live.clear();
    expect(live.size).toBe(0);
  });
});

describe("send and fail", () => {
  it("send a frame, and never throw on a closed socket", () => {
    const conn = fakeConnection("1", null);
    fail(conn, "forbidden", "No");
    expect(conn.sent).toEqual(['{"type":"error","code":"forbidden","message":"No"}']);
    expect(() => send(fakeConnection("2", null, { broken: true }), { type: "error", code: "x", message: "y" })).not.toThrow();
  });
});

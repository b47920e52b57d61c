import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { json, type Member, ORIGIN, request, signUp } from "./helpers";

export { signUp };

export type Frame = { type: string; [key: string]: any };

export type NewRoom = { name?: string; maxPlayers?: number; communityId?: string; format?: string };

/** Creates a room through the API as `host` (a 4-seat Commander room in bladeforge unless told otherwise); its id. */
export async function createRoom(host: Member, room: NewRoom = {}): Promise<string> {
  const { name = "Commander pod", maxPlayers = 4, communityId = "bladeforge", format = "commander" } = room;
  const res = await request("/api/game-sessions", { cookie: host.cookie, body: { maxPlayers, communityId, gameData: { name, format } } });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

/** A client socket to a room, opened through the real Worker with an `Upgrade: websocket` request. */
export type TestSocket = {
  ws: WebSocket;
  frames: Frame[];
  send(frame: unknown): void;
  sendRaw(data: string | ArrayBuffer): void;
  /** Waits for the next frame (after the ones already consumed) matching `match`. */
  next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves once the socket has been closed, with the close code. */
  closed: Promise<number>;
};

const opened: TestSocket[] = [];

export type UpgradeOptions = {
  /** The page's origin, as a browser sends it; null sends none. */
  origin?: string | null;
  /** Extra query values and headers, as a hostile client might add them. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

/** The raw `/ws` upgrade response from the real Worker. */
export async function upgrade(
  member: Member | null,
  sessionId: string,
  mode?: "spectate",
  options: UpgradeOptions = {},
): Promise<Response> {
  const headers = new Headers({ ...options.headers, Upgrade: "websocket" });
  if (member) headers.set("Cookie", member.cookie);
  if (options.origin !== null) headers.set("Origin", options.origin ?? ORIGIN);
  const query = new URLSearchParams({ sessionId, ...(mode ? { mode } : {}), ...options.query });
  return exports.default.fetch(new Request(`${ORIGIN}/ws?${query}`, { headers }));
}

export async function openSocket(
  member: Member | null,
  sessionId: string,
  mode?: "spectate",
  options: UpgradeOptions = {},
): Promise<TestSocket> {
  const res = await upgrade(member, sessionId, mode, options);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: Frame[] = [];
  let cursor = 0;
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener("close", (e) => {
      resolve(e.code);
    }),
  );
  ws.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)));
  });
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (data) => ws.send(data),
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (let i = cursor; i < frames.length; i++) {
          if (match(frames[i])) {
            cursor = i + 1;
            return frames[i];
          }
        }
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames.slice(cursor)).slice(0, 800)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
  opened.push(socket);
  return socket;
}

/**
 * Takes a place the way the room page does when it is opened from a link: its
 * action, through the room service (`play` seats while a seat is free and
 * watches otherwise). The room's socket never gives places itself.
 */
export async function takePlace(member: Member, sessionId: string, mode: "play" | "spectate" = "play"): Promise<Response> {
  return request(`/tablesync/room/${sessionId}`, {
    method: "POST",
    cookie: member.cookie,
    body: new URLSearchParams({ intent: "enter", mode }).toString(),
    // Remix checks an action's Origin against the Host a browser sends.
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
  });
}

/** Takes a place, opens a socket and completes join_room; returns it with its room_state frame. */
export async function joinRoom(member: Member, sessionId: string, mode?: "spectate", options: UpgradeOptions = {}) {
  const entered = await takePlace(member, sessionId, mode ?? "play");
  expect(entered.status).toBe(200);
  await entered.arrayBuffer();
  const socket = await openSocket(member, sessionId, mode, options);
  socket.send({ type: "join_room", sessionId, user: { id: "ignored", name: "ignored", avatar: null } });
  const state = await socket.next((f) => f.type === "room_state" || f.type === "error");
  expect(state.type).toBe("room_state");
  return { socket, state };
}

export function closeAllSockets() {
  for (const s of opened.splice(0)) {
    try {
      s.ws.close(1000, "test over");
    } catch {
      // already closed
    }
  }
}

export const ofType = (type: string) => (f: Frame) => f.type === type;

/** The table facts the room mirrors to D1 (its turn, a game it ended, its version), as D1 holds them now. */
export const d1Table = (sessionId: string) =>
  env.DB.prepare("SELECT status, current_turn AS currentTurn FROM game_sessions WHERE id = ?")
    .bind(sessionId)
    .first<{ status: string; currentTurn: string | null }>();

/**
 * Waits until D1 shows what the room decided: the room writes its table to D1 after the broadcast (its mirror,
 * durable-objects/room/table-mirror.ts), so a client can see a change before D1 does. A state, read until it holds;
 * the timeout only bounds a failing wait.
 */
export const mirrored = (sessionId: string, expected: Partial<{ status: string; currentTurn: string | null }>) =>
  expect.poll(() => d1Table(sessionId), { timeout: 10_000 }).toMatchObject(expected);

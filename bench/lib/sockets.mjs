// Helpers shared by the socket benchmarks and the fault test: ports, members, sockets, rooms.
import { freePort } from "../../scripts/local-stack.mjs";

export { freePort };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Signs a new member in through the dev sign-in; waits and retries when rate limited. */
export async function signUp(url, label) {
  for (;;) {
    const res = await fetch(`${url}/api/login/dev`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify({
        firstName: `Bench${label}`,
        lastName: "Member",
        email: `bench-${label}-${crypto.randomUUID()}@bench.realmcast.gg`,
      }),
    });
    if (res.status === 303)
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith("realmcast_session="))
        .split(";")[0];
    if (res.status !== 429) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    await sleep(5000);
  }
}

export function openSocket(url, options) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.addEventListener("open", () => resolve(ws), { once: true });
    ws.addEventListener("error", (e) => reject(new Error(`socket error ${e.message ?? ""}`)), { once: true });
  });
}

export async function createRoom(url, cookie, maxPlayers, name = "Bench room") {
  const res = await fetch(`${url}/api/game-sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, Cookie: cookie },
    body: JSON.stringify({ maxPlayers, communityId: "scry-gather", gameData: { name, format: "commander" } }),
  });
  if (res.status !== 201) throw new Error(`create room failed: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/** Takes a seat (`play`) or a spectator place through the API: a room's socket only attaches to a place. */
export async function takePlace(url, sessionId, cookie, mode) {
  const res = await fetch(`${url}/api/game-sessions/${sessionId}/${mode === "spectate" ? "spectate" : "join"}`, {
    method: "POST",
    headers: { Origin: url, Cookie: cookie },
  });
  if (res.status !== 200) throw new Error(`taking a place failed: ${res.status} ${await res.text()}`);
}

/** Takes a place, opens a socket to the room and waits for the room's state after `join_room`. */
export async function joinRoomSocket(url, sessionId, cookie, mode) {
  await takePlace(url, sessionId, cookie, mode);
  return openJoined(url, sessionId, cookie, mode);
}

/** Opens a socket to a room where the member has a place, sends `join_room` and waits for the room's state. */
export async function openJoined(url, sessionId, cookie, mode) {
  const ws = await openSocket(`${url.replace("http", "ws")}/ws?sessionId=${sessionId}&mode=${mode}`, {
    headers: { Cookie: cookie, Origin: url },
  });
  const state = new Promise((resolve) =>
    ws.addEventListener("message", function onState(event) {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "room_state") {
        ws.removeEventListener("message", onState);
        resolve(frame);
      }
    }),
  );
  ws.send(JSON.stringify({ type: "join_room", sessionId }));
  return { ws, state: await state };
}

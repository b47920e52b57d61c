// Fault test: two players and a spectator are in a room when `wrangler dev` stops; it starts again
// on the same state directory. The clients (partysocket, as in the browser) must reconnect by
// themselves, the players list must have no duplicates, chat history and life totals must be intact,
// and a message sent right after the reconnect must arrive. Exits 1 on any failure.
//
//   node bench/faults.mjs
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ReconnectingWebSocket from "partysocket/ws";
import { build, migrateLocal, serve } from "../scripts/local-stack.mjs";
import { createRoom, freePort, signUp, sleep, takePlace } from "./lib/sockets.mjs";

if (!existsSync("build/server/index.js")) build();
const persistTo = mkdtempSync(join(tmpdir(), "realmcast-faults-"));
migrateLocal(persistTo);
const port = await freePort();
let server = await serve({ port, persistTo, stdio: ["ignore", "ignore", "ignore"] });
const url = server.url;
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

/**
 * A member's reconnecting socket that rejoins the room on every (re)open, as the room page does, and
 * takes its place again when the room says it has none (a spectator's place ends with its last socket).
 */
function client(name, cookie, sessionId, mode) {
  const CookieWebSocket = class extends WebSocket {
    constructor(address, protocols) {
      super(address, { protocols, headers: { Cookie: cookie, Origin: url } });
    }
  };
  const ws = new ReconnectingWebSocket(`${url.replace("http", "ws")}/ws?sessionId=${sessionId}&mode=${mode}`, [], {
    WebSocket: CookieWebSocket,
    minReconnectionDelay: 200,
    maxReconnectionDelay: 2000,
    connectionTimeout: 4000,
  });
  // roster: the newest players and spectators this client was told of (room_state, player_joined, player_left, ...).
  const c = { name, ws, states: [], messages: [], opens: 0, roster: null };
  ws.addEventListener("open", () => {
    c.opens++;
    ws.send(JSON.stringify({ type: "join_room", sessionId }));
  });
  ws.addEventListener("message", (event) => {
    const frame = JSON.parse(String(event.data));
    if (frame.type === "error" && frame.code === "not_member") {
      void takePlace(url, sessionId, cookie, mode).then(() => ws.send(JSON.stringify({ type: "join_room", sessionId })));
    }
    if (frame.type === "room_state") c.states.push(frame);
    if (Array.isArray(frame.players)) c.roster = { players: frame.players, spectators: frame.spectators ?? c.roster?.spectators ?? [] };
    if (frame.type === "message") c.messages.push(frame.message.content);
  });
  return c;
}

async function until(predicate, what, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await sleep(100);
  }
  check(false, `timed out waiting for ${what}`);
  return false;
}

const clients = [];
try {
  const [aliceCookie, bobCookie, carolCookie] = [await signUp(url, "alice"), await signUp(url, "bob"), await signUp(url, "carol")];
  const sessionId = await createRoom(url, aliceCookie, 2, "Fault room");
  await takePlace(url, sessionId, bobCookie, "play");
  await takePlace(url, sessionId, carolCookie, "spectate");
  const alice = client("alice", aliceCookie, sessionId, "play");
  await until(() => alice.states.length === 1, "alice's room state");
  const bob = client("bob", bobCookie, sessionId, "play");
  await until(() => bob.states.length === 1, "bob's room state");
  const carol = client("carol", carolCookie, sessionId, "spectate");
  await until(() => carol.states.length === 1, "carol's room state");
  clients.push(alice, bob, carol);
  const bobId = bob.states[0].you.id;

  alice.ws.send(JSON.stringify({ type: "message", sessionId, content: "before the outage" }));
  bob.ws.send(JSON.stringify({ type: "game_action", sessionId, action: "life_change", data: { delta: -7 } }));
  await until(() => carol.messages.includes("before the outage"), "chat before the outage");
  await sleep(500);

  console.log("stopping wrangler dev ...");
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
  await sleep(1500);
  console.log("starting wrangler dev again on the same state directory ...");
  server = await serve({ port, persistTo, stdio: ["ignore", "ignore", "ignore"] });

  for (const c of clients) await until(() => c.states.length >= 2, `${c.name} to reconnect and get the room state again`, 60_000);
  // The clients come back one by one, and a player not back yet is listed as away, not among the players: wait
  // until bob has been told everyone is back (a state, not a time).
  await until(() => bob.roster?.players.length === 2 && bob.roster.spectators.length === 1, "bob to be told everyone is back");
  const after = { ...bob.states.at(-1), ...bob.roster };
  const playerIds = after.players.map((p) => p.id);
  check(
    clients.every((c) => c.opens >= 2),
    "every client reconnected by itself",
  );
  check(new Set(playerIds).size === playerIds.length, `no duplicate players (${playerIds.length} listed)`);
  check(after.players.length === 2 && after.spectators.length === 1, "two players and one spectator after the restart");
  check(
    after.messages.some((m) => m.content === "before the outage"),
    "chat history survived the restart",
  );
  const bobLife = after.players.find((p) => p.id === bobId)?.life;
  check(bobLife === (after.players.find((p) => p.id !== bobId)?.life ?? 0) - 7, `bob's life total kept (${bobLife})`);

  alice.ws.send(JSON.stringify({ type: "message", sessionId, content: "right after the reconnect" }));
  const arrived = await until(
    () => bob.messages.includes("right after the reconnect") && carol.messages.includes("right after the reconnect"),
    "a message sent right after the reconnect",
  );
  check(arrived, "a message sent right after the reconnect arrived");
} finally {
  for (const c of clients) c.ws.close();
  server.child.kill("SIGTERM");
  await sleep(500);
  rmSync(persistTo, { recursive: true, force: true });
}
console.log(failures.length ? `\n${failures.length} check(s) failed` : "\nfault test passed");
process.exit(failures.length ? 1 : 0);

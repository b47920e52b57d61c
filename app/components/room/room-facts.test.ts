import { describe, expect, it } from "vitest";
import { roomFacts } from "./room-facts";
import { seatFixture } from "./seat-fixture";
import { emptyRoomView, type RoomView } from "./room-state";

const seat = (id: string, name: string) => seatFixture(id, { name });
const session = { hostId: "h", status: "waiting" as const, currentPlayers: 2 };
const live: RoomView = {
  ...emptyRoomView,
  you: { id: "h", role: "player", receivesVideo: true },
  players: [seat("h", "Hana Host")],
  away: [{ ...seat("b", "Bo Away"), seatHeldUntil: null }],
  hostId: "h",
  currentTurn: "b",
  status: "active",
};

describe("roomFacts (what the page reads off the live view)", () => {
  it("falls back to what the page loaded until the room's first frame", () => {
    const facts = roomFacts({ view: emptyRoomView, session, loadedHostName: "Loaded", selfId: "h", mode: "play", status: "connecting" });
    expect(facts).toMatchObject({ hostName: "Loaded", roomStatus: "waiting", players: 2, connected: false, toolsDisabled: true });
  });
  it("reads the host, status, head count and an away turn holder from the live view", () => {
    const facts = roomFacts({ view: live, session, loadedHostName: "Loaded", selfId: "h", mode: "play", status: "open" });
    expect(facts).toMatchObject({
      hostName: "Hana Host",
      roomStatus: "active",
      players: 2,
      connected: true,
      toolsDisabled: false,
      isHost: true,
      turnHolderAway: true,
    });
  });
  it("makes a page opened to spectate a spectator's, host or not", () => {
    const facts = roomFacts({ view: live, session, loadedHostName: "Loaded", selfId: "h", mode: "spectate", status: "open" });
    expect(facts).toMatchObject({ spectator: true, toolsDisabled: true, isHost: false });
  });
});

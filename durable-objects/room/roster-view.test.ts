import { describe, expect, it } from "vitest";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import { memberFixture } from "./member-fixture";
import { SEAT_GRACE_MS } from "../rules/presence";
import { SPECTATOR_VIDEO_CAP } from "../rules/spectator-video";
import { receivesVideo, rosterView, sameRoster, seatPresence } from "./roster-view";

const now = 1_700_000_000_000;
const meta: RoomMeta = {
  version: 1,
  hostId: "b",
  status: "active",
  currentTurn: "a",
  format: "commander",
  maxPlayers: 4,
  startedAt: 10,
  tableVersion: 0,
  mirroredVersion: 0,
};
const player = (userId: string, seat: number, disconnectedAt: number | null = null): StoredMember =>
  memberFixture(userId, { seat, joinedAt: seat, name: `${userId} Full`, disconnectedAt });
const spectator = (userId: string, joinedAt: number): StoredMember => ({ ...player(userId, 0), role: "spectator", seat: null, joinedAt });

describe("rosterView", () => {
  it("lists connected players in seat order, away players with when their seat is given up", () => {
    const members = [player("c", 3), player("a", 1), player("b", 2, now - 1000)];
    const view = rosterView(meta, members, new Set(["a", "c"]), now);
    expect(view.players.map((p) => p.id)).toEqual(["a", "c"]);
    expect(view.players[0]).toEqual({
      id: "a",
      name: "a Full",
      avatar: null,
      seat: 1,
      isHost: false,
      life: 40,
      commanderDamage: {},
      counters: { poison: 0, energy: 0, experience: 0 },
      deck: null,
      out: false,
    });
    expect(view.away).toEqual([expect.objectContaining({ id: "b", isHost: true, seatHeldUntil: now - 1000 + SEAT_GRACE_MS })]);
  });

  it("shows a player out of the game as out (issue 37), and never a spectator", () => {
    const members = [{ ...player("a", 1), out: true }, player("b", 2), { ...spectator("s", 1), out: true }];
    const view = rosterView(meta, members, new Set(["a", "b", "s"]), now);
    expect(view.players.map((p) => [p.id, p.out])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    expect(seatPresence(members, new Set(["a", "b"])).map((s) => [s.userId, s.out])).toEqual([
      ["a", true],
      ["b", false],
    ]);
  });

  it("shows the deck on a seat to everyone, and never a deck for a spectator", () => {
    const deck = {
      id: "d1",
      name: "Superfriends",
      commanders: [{ id: "c1", name: "Atraxa", artUrl: "/art", imageUrl: "/card" }],
      bracket: 3,
    };
    const view = rosterView(
      meta,
      [
        { ...player("a", 1), deck },
        { ...spectator("s", 5), deck },
      ],
      new Set(["a", "s"]),
      now,
    );
    expect(view.players[0].deck).toEqual(deck);
    expect(view.spectators).toEqual([expect.not.objectContaining({ deck })]);
  });

  it("carries the session facts, in the order the frames have always had them", () => {
    const view = rosterView(meta, [], new Set(), now);
    expect(Object.keys(view)).toEqual([
      "players",
      "away",
      "spectators",
      "hostId",
      "currentTurn",
      "status",
      "monarch",
      "initiative",
      "startedAt",
      "serverTime",
    ]);
    expect(view).toMatchObject({ hostId: "b", currentTurn: "a", status: "active", monarch: null, startedAt: 10, serverTime: now });
  });

  it("has defaults for a room with no session facts", () => {
    expect(rosterView(null, [], new Set(), now)).toMatchObject({ hostId: "", currentTurn: null, status: "waiting", startedAt: null });
  });

  it("lists connected spectators only, the first ones (by join time) with video", () => {
    const spectators = Array.from({ length: SPECTATOR_VIDEO_CAP + 1 }, (_, i) => spectator(`s${i}`, 100 - i));
    const gone = spectator("gone", 0);
    const view = rosterView(meta, [...spectators, gone], new Set(spectators.map((s) => s.userId)), now);
    expect(view.spectators).toHaveLength(SPECTATOR_VIDEO_CAP + 1);
    expect(view.spectators.find((s) => s.id === "s0")?.receivesVideo).toBe(false);
    expect(receivesVideo(view, "s0")).toBe(false);
    expect(receivesVideo(view, `s${SPECTATOR_VIDEO_CAP}`)).toBe(true);
    expect(receivesVideo(view, "gone")).toBe(false);
  });
});

describe("seatPresence", () => {
  it("is the seated players with whether they are connected", () => {
    const members = [player("a", 1), player("b", 2, 5), spectator("s", 1), { ...player("x", 0), seat: null }];
    expect(seatPresence(members, new Set(["a", "s"]))).toEqual([
      { userId: "a", seat: 1, out: false, connected: true, disconnectedAt: null },
      { userId: "b", seat: 2, out: false, connected: false, disconnectedAt: 5 },
    ]);
  });
});

describe("sameRoster", () => {
  it("tells a roster nobody would see change from one that changed, whatever the room's time", () => {
    const members = [player("a", 1), player("b", 2)];
    const now = rosterView(meta, members, new Set(["a", "b"]), 1);
    expect(sameRoster(now, rosterView(meta, members, new Set(["a", "b"]), 2))).toBe(true);
    // A spectator with a place but no socket is not shown: the same roster.
    expect(sameRoster(now, rosterView(meta, [...members, spectator("s", 3)], new Set(["a", "b"]), 3))).toBe(true);
    expect(sameRoster(now, rosterView(meta, [...members, spectator("s", 3)], new Set(["a", "b", "s"]), 3))).toBe(false);
    expect(sameRoster(now, rosterView({ ...meta, currentTurn: "b" }, members, new Set(["a", "b"]), 1))).toBe(false);
  });
});

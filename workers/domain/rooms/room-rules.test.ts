import { describe, expect, it } from "vitest";
import { entryRefusal, pageRefusal, seatOutcome, watchOutcome, type RoomRead } from "./room-rules";

const open = { status: "waiting" as const, maxPlayers: 4, tournamentMatchId: null };
const read = (overrides: Partial<RoomRead> = {}): RoomRead => ({
  session: open,
  blockedWithHost: false,
  blockedHost: false,
  removedByHost: false,
  place: null,
  ...overrides,
});

describe("seatOutcome", () => {
  it("is seated when the member holds a seat after the write", () => {
    expect(seatOutcome(read({ place: { role: "player", seat: 3 } }))).toEqual({ kind: "seated", seat: 3 });
  });

  it("is a typed 'full' with the capacity when the conditional insert took no seat", () => {
    expect(seatOutcome(read())).toEqual({ kind: "full", maxPlayers: 4 });
    // A spectator who asks for a seat in a full room stays a spectator: still full.
    expect(seatOutcome(read({ place: { role: "spectator", seat: null } }))).toEqual({ kind: "full", maxPlayers: 4 });
  });

  it("refuses a seat in a tournament match room to anyone but its players", () => {
    expect(seatOutcome(read({ session: { ...open, maxPlayers: 2, tournamentMatchId: "m" } }))).toEqual({ kind: "match_players_only" });
  });

  it("refuses a seat in a room with invites to anyone not invited, but seats an invited member", () => {
    expect(seatOutcome(read({ notInvited: true }))).toEqual({ kind: "invited_only" });
    expect(seatOutcome(read({ notInvited: false }))).toEqual({ kind: "full", maxPlayers: 4 });
    expect(seatOutcome(read({ notInvited: true, place: { role: "player", seat: 1 } }))).toEqual({ kind: "seated", seat: 1 });
  });

  it("answers not found, blocked and ended before anything else", () => {
    expect(seatOutcome(read({ session: null }))).toEqual({ kind: "not_found" });
    expect(seatOutcome(read({ blockedWithHost: true, place: { role: "player", seat: 2 } }))).toEqual({ kind: "blocked" });
    expect(seatOutcome(read({ session: { ...open, status: "completed" } }))).toEqual({ kind: "ended" });
  });

  // Issue 23: the member who blocked the host is told why; the blocked member learns nothing of the block.
  it("tells apart a block by the member themselves, in every outcome", () => {
    const mine = read({ blockedWithHost: true, blockedHost: true });
    expect(seatOutcome(mine)).toEqual({ kind: "host_blocked" });
    expect(watchOutcome(mine)).toEqual({ kind: "host_blocked" });
    expect(entryRefusal(mine)).toBe("host_blocked");
    expect(entryRefusal(read({ blockedWithHost: true }))).toBe("blocked");
    // A match room still seats its pairing, whoever blocked whom.
    expect(seatOutcome({ ...mine, session: { ...open, tournamentMatchId: "m" }, place: { role: "player", seat: 1 } })).toEqual({
      kind: "seated",
      seat: 1,
    });
  });

  it("keeps a member the host removed out, as a block does, except in a tournament match room", () => {
    expect(seatOutcome(read({ removedByHost: true }))).toEqual({ kind: "blocked" });
    expect(watchOutcome(read({ removedByHost: true }))).toEqual({ kind: "blocked" });
    expect(entryRefusal({ session: open, blockedWithHost: false, blockedHost: false, removedByHost: true })).toBe("blocked");
    const match = { ...open, maxPlayers: 2, tournamentMatchId: "m" };
    expect(seatOutcome(read({ session: match, removedByHost: true, place: { role: "player", seat: 1 } }))).toEqual({
      kind: "seated",
      seat: 1,
    });
  });

  it("lets a block pass in a tournament match room: the pairing decides", () => {
    const match = { ...open, maxPlayers: 2, tournamentMatchId: "m" };
    expect(seatOutcome(read({ session: match, blockedWithHost: true, place: { role: "player", seat: 2 } }))).toEqual({
      kind: "seated",
      seat: 2,
    });
  });
});

describe("watchOutcome", () => {
  it("watches with whatever place the member has (a seated member keeps the seat)", () => {
    expect(watchOutcome(read({ place: { role: "spectator", seat: null } }))).toEqual({
      kind: "watching",
      place: { role: "spectator", seat: null },
    });
    expect(watchOutcome(read({ place: { role: "player", seat: 1 } }))).toMatchObject({ kind: "watching", place: { role: "player" } });
  });

  it("answers not found, blocked and ended", () => {
    expect(watchOutcome(read({ session: null }))).toEqual({ kind: "not_found" });
    expect(watchOutcome(read({ blockedWithHost: true, place: { role: "spectator", seat: null } }))).toEqual({ kind: "blocked" });
    expect(watchOutcome(read({ session: { ...open, status: "completed" } }))).toEqual({ kind: "ended" });
  });
});

describe("entryRefusal", () => {
  it("says why a member without a place cannot attach a socket", () => {
    expect(entryRefusal({ session: null, blockedWithHost: false, blockedHost: false, removedByHost: false })).toBe("not_found");
    expect(entryRefusal({ session: open, blockedWithHost: true, blockedHost: false, removedByHost: false })).toBe("blocked");
    expect(
      entryRefusal({ session: { ...open, status: "completed" }, blockedWithHost: false, blockedHost: false, removedByHost: false }),
    ).toBe("ended");
    expect(entryRefusal({ session: open, blockedWithHost: false, blockedHost: false, removedByHost: false })).toBe("no_place");
    expect(
      entryRefusal({ session: { ...open, tournamentMatchId: "m" }, blockedWithHost: true, blockedHost: false, removedByHost: false }),
    ).toBe("no_place");
  });
});

describe("pageRefusal", () => {
  it("tells a member the host removed so before the page opens the room, ahead of a block", () => {
    expect(pageRefusal(read({ removedByHost: true }))).toBe("removed");
    expect(pageRefusal(read({ removedByHost: true, blockedWithHost: true, blockedHost: true }))).toBe("removed");
  });

  it("refuses a block as the API does, telling apart only the member who blocked the host", () => {
    expect(pageRefusal(read({ blockedWithHost: true }))).toBe("blocked");
    expect(pageRefusal(read({ blockedWithHost: true, blockedHost: true }))).toBe("host_blocked");
  });

  it("says a game that ended has ended, to members with a place too", () => {
    expect(pageRefusal(read({ session: { ...open, status: "completed" } }))).toBe("ended");
    expect(pageRefusal(read({ session: { ...open, status: "completed" }, place: { role: "player", seat: 1 } }))).toBe("ended");
  });

  it("opens the room otherwise: a member with a place (a blocker in the blocked host's room), a tournament match room", () => {
    expect(pageRefusal(read())).toBeNull();
    expect(pageRefusal(read({ blockedWithHost: true, blockedHost: true, place: { role: "player", seat: 2 } }))).toBeNull();
    expect(pageRefusal(read({ removedByHost: true, session: { ...open, tournamentMatchId: "m" } }))).toBeNull();
    expect(pageRefusal(read({ session: null }))).toBeNull();
  });
});

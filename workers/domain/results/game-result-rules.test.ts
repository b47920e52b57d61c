import { describe, expect, it } from "vitest";
import { recordResultBody } from "../../contract/game-results";
import {
  TOURNAMENT_RESULT_REFUSAL,
  recordRefusal,
  respondRefusal,
  resultLines,
  resultRoleOf,
  seatCommander,
  statusOf,
  stillToConfirm,
  whoIsLeft,
  type SeatedPlayer,
} from "./game-result-rules";

const room = { hostId: "h", status: "completed", tournamentMatchId: null };
const seat = (userId: string, seatNo: number, extra: Partial<SeatedPlayer> = {}): SeatedPlayer => ({
  userId,
  seat: seatNo,
  deckCommanders: null,
  savedDeckName: null,
  namedDeck: null,
  bracket: null,
  outAt: null,
  ...extra,
});

describe("seatCommander", () => {
  it("joins a saved deck's commanders, else the named deck, else the saved deck's name", () => {
    expect(seatCommander({ deckCommanders: [{ name: "Tymna" }, { name: "Kraum" }], savedDeckName: "Blitz", namedDeck: null })).toBe(
      "Tymna / Kraum",
    );
    expect(seatCommander({ deckCommanders: [], savedDeckName: "Blitz", namedDeck: "Atraxa superfriends" })).toBe("Atraxa superfriends");
    expect(seatCommander({ deckCommanders: null, savedDeckName: "Blitz", namedDeck: null })).toBe("Blitz");
    expect(seatCommander({ deckCommanders: "junk", savedDeckName: null, namedDeck: null })).toBeNull();
  });
});

describe("whoIsLeft", () => {
  it("lists players still in first, each part by seat, and preselects the one player left", () => {
    const left = whoIsLeft([seat("a", 1, { outAt: 5 }), seat("d", 4), seat("b", 2, { outAt: 9 }), seat("c", 3, { outAt: 7 })]);
    expect(left.order.map((p) => p.userId)).toEqual(["d", "a", "b", "c"]);
    expect(left.lastStanding).toBe("d");
  });

  it("preselects nobody while two or more are in, or when nobody went out", () => {
    expect(whoIsLeft([seat("b", 2), seat("a", 1, { outAt: 5 }), seat("c", 3)])).toEqual({
      order: [seat("b", 2), seat("c", 3), seat("a", 1, { outAt: 5 })],
      lastStanding: null,
    });
    expect(whoIsLeft([seat("b", 2), seat("a", 1)]).lastStanding).toBeNull();
    expect(whoIsLeft([seat("a", 1)]).lastStanding).toBeNull();
    expect(whoIsLeft([seat("a", 1, { outAt: 1 }), seat("b", 2, { outAt: 2 })]).lastStanding).toBeNull();
  });
});

describe("recordRefusal", () => {
  it("lets the host of an ended room record once, and again only after a dispute", () => {
    expect(recordRefusal(room, "h", null)).toBeNull();
    expect(recordRefusal(room, "h", { status: "disputed" })).toBeNull();
    expect(recordRefusal(room, "h", { status: "pending" })?.kind).toBe("conflict");
    expect(recordRefusal(room, "h", { status: "confirmed" })?.kind).toBe("conflict");
  });
  it("refuses others, rooms still playing, tournament matches and missing rooms", () => {
    expect(recordRefusal(room, "p", null)?.kind).toBe("forbidden");
    expect(recordRefusal({ ...room, status: "active" }, "h", null)?.kind).toBe("conflict");
    expect(recordRefusal({ ...room, tournamentMatchId: "m" }, "h", null)?.message).toBe(TOURNAMENT_RESULT_REFUSAL);
    expect(recordRefusal(null, "h", null)?.kind).toBe("not_found");
  });
});

describe("resultLines", () => {
  const players = [seat("p", 2, { namedDeck: "Krenko", bracket: 3 }), seat("h", 1, { deckCommanders: [{ name: "Edgar" }] })];
  it("orders by seat, prefills commanders, marks the winner and who must answer", () => {
    const lines = resultLines(players, "h", recordResultBody.parse({ outcome: "win", winnerId: "p", endTurn: 7 }));
    expect(lines).toEqual([
      { userId: "h", seat: 1, commander: "Edgar", bracket: null, isWinner: false, response: "host" },
      { userId: "p", seat: 2, commander: "Krenko", bracket: 3, isWinner: true, response: "pending" },
    ]);
  });
  it("takes the host's commanders over the seat's, a null clears one", () => {
    const body = recordResultBody.parse({
      outcome: "draw",
      commanders: [
        { playerId: "h", commander: null },
        { playerId: "p", commander: "Zada" },
      ],
    });
    const lines = resultLines(players, "h", body);
    expect(lines.map((l) => [l.commander, l.isWinner])).toEqual([
      [null, false],
      ["Zada", false],
    ]);
  });
  it("refuses a winner or commander line for someone who did not play, and a table of one", () => {
    expect(() => resultLines(players, "h", recordResultBody.parse({ outcome: "win", winnerId: "x" }))).toThrow(/Invalid/);
    expect(() =>
      resultLines(players, "h", recordResultBody.parse({ outcome: "draw", commanders: [{ playerId: "x", commander: "A" }] })),
    ).toThrow();
    expect(() => resultLines([seat("h", 1)], "h", recordResultBody.parse({ outcome: "draw" }))).toThrow(/at least one other/);
  });
});

describe("statusOf and stillToConfirm", () => {
  it("confirms when every other player confirmed; any dispute stops it", () => {
    const host = { response: "host" as const };
    expect(statusOf([host, { response: "confirmed" }, { response: "pending" }])).toBe("pending");
    expect(statusOf([host, { response: "confirmed" }, { response: "confirmed" }])).toBe("confirmed");
    expect(statusOf([host, { response: "confirmed" }, { response: "disputed" }])).toBe("disputed");
    expect(stillToConfirm([host, { response: "pending" }, { response: "confirmed" }])).toHaveLength(1);
  });
});

describe("respondRefusal", () => {
  const players = [
    { userId: "h", response: "host" as const },
    { userId: "p", response: "pending" as const },
    { userId: "q", response: "confirmed" as const },
  ];
  const free = { tournamentMatchId: null };
  it("lets a pending player answer a pending result", () => {
    expect(respondRefusal(free, { status: "pending" }, players, "p")).toBeNull();
  });
  it("refuses the host, outsiders, second answers, disputed results and tournament matches", () => {
    expect(respondRefusal(free, { status: "pending" }, players, "h")?.kind).toBe("forbidden");
    expect(respondRefusal(free, { status: "pending" }, players, "z")?.kind).toBe("forbidden");
    expect(respondRefusal(free, { status: "pending" }, players, "q")?.kind).toBe("conflict");
    expect(respondRefusal(free, { status: "disputed" }, players, "p")?.kind).toBe("conflict");
    expect(respondRefusal(free, null, [], "p")?.kind).toBe("not_found");
    expect(respondRefusal({ tournamentMatchId: "m" }, { status: "pending" }, players, "p")?.message).toBe(TOURNAMENT_RESULT_REFUSAL);
  });
});

describe("resultRoleOf", () => {
  const players = [
    { userId: "h", response: "host" as const },
    { userId: "p", response: "pending" as const },
  ];
  it("offers the host the form before a result and after a dispute, a pending player the answer, else the view", () => {
    expect(resultRoleOf("h", null, [], "h")).toBe("record");
    expect(resultRoleOf("h", { status: "disputed" }, players, "h")).toBe("correct");
    expect(resultRoleOf("h", { status: "pending" }, players, "h")).toBe("view");
    expect(resultRoleOf("h", { status: "pending" }, players, "p")).toBe("respond");
    expect(resultRoleOf("h", { status: "pending" }, players, "s")).toBe("view");
    expect(resultRoleOf("h", null, [], "p")).toBe("view");
  });
});

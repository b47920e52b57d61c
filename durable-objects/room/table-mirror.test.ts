import { describe, expect, it } from "vitest";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import { memberFixture } from "./member-fixture";
import { mirrorPending, mirrorPlan, mirrorRetryDelay } from "./table-mirror";

const meta = (over: Partial<RoomMeta>): RoomMeta =>
  ({
    version: 1,
    hostId: "a",
    status: "active",
    currentTurn: "b",
    format: "commander",
    maxPlayers: 4,
    tableVersion: 4,
    mirroredVersion: 2,
    ...over,
  }) as RoomMeta;
const member = (userId: string, over: Partial<StoredMember> = {}): StoredMember => memberFixture(userId, over);
const saved = { id: "d1", name: "Atraxa", commanders: [], bracket: 3 };

describe("what the room mirrors to D1", () => {
  it("nothing once D1 has taken the room's version", () => {
    expect(mirrorPlan(meta({ tableVersion: 2, mirroredVersion: 2 }), [])).toBeNull();
    expect(mirrorPlan(null, [])).toBeNull();
    expect(mirrorPending(meta({ tableVersion: 3, mirroredVersion: 2 }))).toBe(true);
  });

  it("the version, the turn and the seats whose deck changed since D1's version, as seat columns", () => {
    const members = [
      member("a", { deck: saved, deckVersion: 3 }),
      member("b", { deck: { id: null, name: "Goblins", commanders: [], bracket: 2 }, deckVersion: 4 }),
      member("c", { deck: saved, deckVersion: 2 }),
      member("v", { role: "spectator", seat: null, deckVersion: 4 }),
    ];
    expect(mirrorPlan(meta({}), members)).toEqual({
      version: 4,
      currentTurn: "b",
      ended: false,
      seats: [
        { userId: "a", deckId: "d1", deckName: null, deckBracket: 3 },
        { userId: "b", deckId: null, deckName: "Goblins", deckBracket: 2 },
      ],
      out: [],
    });
  });

  it("every seated player out of the game, whole at each version (a spectator never is)", () => {
    const members = [
      member("a"),
      member("b", { out: true }),
      member("c", { seat: 3, out: true }),
      member("v", { role: "spectator", seat: null, out: true }),
    ];
    expect(mirrorPlan(meta({}), members)).toMatchObject({ version: 4, out: ["b", "c"], seats: [] });
    expect(mirrorPlan(meta({ status: "completed" }), [member("a"), member("b")])).toMatchObject({ ended: true, out: [] });
  });

  it("no turn while the room waits (the start's pick is D1's), and a game the room ended", () => {
    expect(mirrorPlan(meta({ status: "waiting", currentTurn: null }), [])).not.toHaveProperty("currentTurn");
    expect(mirrorPlan(meta({ status: "completed" }), [])).toMatchObject({ ended: true, currentTurn: "b" });
  });

  it("tries a failed mirror again after 1 s, doubling, at most a minute", () => {
    expect([1, 2, 3, 7, 20].map(mirrorRetryDelay)).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });
});

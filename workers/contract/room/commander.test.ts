import { describe, expect, it } from "vitest";
import {
  COMMANDER_DAMAGE_LETHAL,
  POISON_LETHAL,
  TOOL_MAX,
  applyCommanderDamage,
  applyCounter,
  applyDesignation,
  emptyTools,
  hasLost,
  lethalBy,
  noDesignations,
  outAfterChange,
  toolsFrom,
  withoutPlayer,
} from "./commander";

describe("commander damage", () => {
  it("adds up per opposing commander and costs the same life", () => {
    const first = applyCommanderDamage(emptyTools(), "bob", 7);
    expect(first).toMatchObject({ total: 7, lifeDelta: -7 });
    const second = applyCommanderDamage(first.tools, "bob", 5);
    expect(second).toMatchObject({ total: 12, lifeDelta: -5 });
    const other = applyCommanderDamage(second.tools, "cy", 3);
    expect(other.tools.commanderDamage).toEqual({ bob: 12, cy: 3 });
  });

  it("never goes below 0, and an undo gives back only the life it took", () => {
    const hit = applyCommanderDamage(emptyTools(), "bob", 2);
    const undo = applyCommanderDamage(hit.tools, "bob", -5);
    expect(undo).toMatchObject({ total: 0, lifeDelta: 2 });
    expect(undo.tools.commanderDamage).toEqual({});
  });

  it(`is lethal at ${COMMANDER_DAMAGE_LETHAL} from one commander, not spread over several`, () => {
    let tools = applyCommanderDamage(emptyTools(), "bob", 20).tools;
    tools = applyCommanderDamage(tools, "cy", 20).tools;
    expect(lethalBy(tools)).toEqual({ commanderFrom: [], poison: false });
    tools = applyCommanderDamage(tools, "bob", 1).tools;
    expect(lethalBy(tools).commanderFrom).toEqual(["bob"]);
  });
});

describe("counters", () => {
  it(`poison is lethal at ${POISON_LETHAL}; counters stay within 0..${TOOL_MAX}`, () => {
    const nine = applyCounter(emptyTools(), "poison", 9);
    expect(lethalBy(nine.tools).poison).toBe(false);
    const ten = applyCounter(nine.tools, "poison", 1);
    expect(ten.value).toBe(10);
    expect(lethalBy(ten.tools).poison).toBe(true);
    expect(applyCounter(emptyTools(), "energy", -3).value).toBe(0);
    expect(applyCounter(emptyTools(), "experience", 5000).value).toBe(TOOL_MAX);
  });

  it("reads stored tools leniently", () => {
    expect(toolsFrom(null)).toEqual(emptyTools());
    expect(toolsFrom({ commanderDamage: { bob: 4, x: "no", y: -1 }, counters: { poison: 3, energy: "x" } })).toEqual({
      commanderDamage: { bob: 4 },
      counters: { poison: 3, energy: 0, experience: 0 },
    });
  });
});

describe("designations", () => {
  it("one player holds each; taking moves it, giving up only works for the holder", () => {
    let d = applyDesignation(noDesignations(), "monarch", "a", 1);
    expect(d).toEqual({ monarch: "a", initiative: null });
    d = applyDesignation(d, "monarch", "b", 1);
    expect(d.monarch).toBe("b");
    expect(applyDesignation(d, "monarch", "a", -1)).toBe(d);
    expect(applyDesignation(d, "monarch", "b", -1).monarch).toBeNull();
    d = applyDesignation(d, "initiative", "b", 1);
    expect(withoutPlayer(d, "b")).toEqual({ monarch: null, initiative: null });
  });
});

describe("out of the game (issue 37)", () => {
  const standing = (life: number, tools = emptyTools()) => ({ life, tools });
  it("a player has lost at 0 life or below, 21 commander damage from one commander, or 10 poison", () => {
    expect(hasLost(standing(1))).toBe(false);
    expect(hasLost(standing(0))).toBe(true);
    expect(hasLost(standing(-1))).toBe(true);
    expect(hasLost(standing(30, applyCommanderDamage(emptyTools(), "x", 21).tools))).toBe(true);
    expect(hasLost(standing(30, applyCommanderDamage(applyCommanderDamage(emptyTools(), "x", 20).tools, "y", 20).tools))).toBe(false);
    expect(hasLost(standing(30, applyCounter(emptyTools(), "poison", 10).tools))).toBe(true);
  });
  it("a change from standing to lost puts a player out; out stays out; brought back stays in until lost again", () => {
    expect(outAfterChange(false, standing(1), standing(0))).toBe(true);
    expect(outAfterChange(false, standing(5), standing(4))).toBe(false);
    expect(outAfterChange(true, standing(0), standing(3))).toBe(true);
    // Brought back at -1 by the host: a further change that leaves them lost does not put them out again...
    expect(outAfterChange(false, standing(-1), standing(-2))).toBe(false);
    // ...until they stand and then lose again.
    expect(outAfterChange(false, standing(1), standing(-1))).toBe(true);
  });
});

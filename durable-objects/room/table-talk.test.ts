import { describe, expect, it } from "vitest";
import {
  awaySkipLine,
  commanderDamageLine,
  counterLine,
  designationLine,
  diceLine,
  endedMessage,
  gameStartedLine,
  hostEndedLine,
  lifeLine,
  newHostLine,
  signed,
  turnPassedLine,
} from "./table-talk";

describe("the room's chat lines", () => {
  it("signs changes", () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(["+3", "-2", "0"]);
  });

  it("words the game actions", () => {
    expect(diceLine("Ann", 20, 17)).toBe("Ann rolled a d20: 17");
    expect(lifeLine("Ann", -3, 37)).toBe("Ann -3 life (37)");
    expect(commanderDamageLine("Ann", 5, "Ben", 21, true, 19)).toBe("Ann +5 commander damage from Ben (21/21 (lethal)), life 19");
    expect(commanderDamageLine("Ann", -1, "Ben", 4, false, 36)).toBe("Ann -1 commander damage from Ben (4/21), life 36");
    expect(counterLine("Ann", "poison", 1, 10, true)).toBe("Ann +1 poison (10 (lethal))");
    expect(counterLine("Ann", "energy", 2, 2, false)).toBe("Ann +2 energy (2)");
    expect(designationLine("Ann", "monarch", true)).toBe("Ann becomes the monarch");
    expect(designationLine("Ann", "initiative", false)).toBe("Ann is no longer the holder of the initiative");
  });

  it("words turns, the start, a new host and the end", () => {
    expect(turnPassedLine("Ann", "Ben")).toBe("Ann passed the turn to Ben");
    expect(turnPassedLine(undefined, "nobody")).toBe("A player passed the turn to nobody");
    expect(awaySkipLine("Ann", "Ben")).toBe("Ann is away: the turn passes to Ben");
    expect(awaySkipLine(undefined, "Ben")).toBe("A player is away: the turn passes to Ben");
    expect(gameStartedLine("Ann")).toBe("Game started. Random pick: Ann goes first");
    expect(gameStartedLine(undefined)).toBe("Game started. Random pick: nobody goes first");
    expect(newHostLine(undefined)).toBe("A player is the host now");
    expect(endedMessage("idle")).toBe("This room closed: nobody was at the table for a while.");
    expect(endedMessage("last_player_left")).toBe("This game has ended: the last player left the table.");
    expect(endedMessage("host_ended")).toBe("This game has ended: the host ended it.");
    expect(endedMessage("moderator_ended")).toBe("A moderator ended this room.");
    expect(endedMessage("moderator_ended", "Hateful names at the table")).toBe(
      "A moderator ended this room. Reason: Hateful names at the table",
    );
    expect(hostEndedLine("Ann")).toBe("Ann ended the game");
  });
});

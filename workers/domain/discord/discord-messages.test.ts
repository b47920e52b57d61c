import { describe, expect, it } from "vitest";
import { escapeMarkdown, readyPing, resultMessage, tableMessage } from "./discord-messages";

/** Issue 39: the Discord app's messages ping only whom they should, and what members typed cannot format them. */

describe("the messages", () => {
  const players = [{ discordUserId: "111111111111111111" }, { discordUserId: "222222222222222222" }];
  it("ping nobody, except the room-ready message, which pings exactly the players", () => {
    const open = tableMessage({
      id: crypto.randomUUID(),
      status: "open",
      format: "commander",
      bracket: 3,
      maxPlayers: 4,
      players,
      roomUrl: null,
    });
    expect(open.allowed_mentions).toEqual({ parse: [] });
    expect(open.content).toContain("In (2/4)");
    expect(open.content).toContain("2 seats left");
    const ping = readyPing({ format: "commander", bracket: 3, players }, "https://realmcast.example/tablesync/room/x");
    expect(ping.allowed_mentions).toEqual({ parse: [], users: ["111111111111111111", "222222222222222222"] });
  });

  it("escape what members typed, so a room name cannot mention everyone or fake a link", () => {
    expect(escapeMarkdown("@everyone [x](https://evil)")).toBe("\\@everyone \\[x\\]\\(https\\://evil\\)");
    const body = resultMessage({
      result: {
        sessionId: "s",
        status: "confirmed",
        outcome: "win",
        winnerId: "a",
        endTurn: 7,
        format: "commander",
        bracket: 2,
        players: [
          { id: "a", name: "Ann", seat: 1, commander: "<@&1> **Atraxa**", winner: true, response: "host" },
          { id: "b", name: "Hidden Bob", seat: 2, commander: "Secret commander", winner: false, response: "confirmed" },
        ],
      } as never,
      roomName: "@here pod",
      discordIds: new Map([["a", "111111111111111111"]]),
      hidden: new Set(["b"]),
    });
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toContain("\\@here pod");
    expect(body.content).toContain("Winner: <@111111111111111111> (\\<\\@&1\\> \\*\\*Atraxa\\*\\*)");
    expect(body.content).toContain("Hidden Bob");
    expect(body.content).not.toContain("Secret commander");
    expect(body.content).toContain("ended on turn 7");
  });
});

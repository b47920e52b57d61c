import { describe, expect, it } from "vitest";
import { CHAT_MAX_CHARS } from "../../workers/contract/room/protocol";
import { chatLine, chatMessage, ROOM_SENDER } from "./chat";

describe("chatLine", () => {
  it("posts a player's trimmed line", () => {
    expect(chatLine("player", "  hello  ")).toEqual({ text: "hello" });
    expect(chatLine("player", "x".repeat(CHAT_MAX_CHARS))).toEqual({ text: "x".repeat(CHAT_MAX_CHARS) });
  });

  it("refuses spectators, empty lines and long ones", () => {
    expect(chatLine("spectator", "hi")).toEqual({ code: "forbidden", message: "Spectators cannot chat" });
    const bad = { code: "bad_message", message: `Messages must be 1 to ${CHAT_MAX_CHARS} characters` };
    expect(chatLine("player", "   ")).toEqual(bad);
    expect(chatLine("player", "x".repeat(CHAT_MAX_CHARS + 1))).toEqual(bad);
  });
});

describe("chatMessage", () => {
  it("is the frame's message, in its key order, with no more of the sender than name and avatar", () => {
    const message = chatMessage(ROOM_SENDER, "Game started", "game_action", "id-1", new Date(0));
    expect(message).toEqual({
      id: "id-1",
      sender: { id: "room", firstName: "Table", profileImageUrl: null },
      content: "Game started",
      timestamp: "1970-01-01T00:00:00.000Z",
      type: "game_action",
    });
    expect(Object.keys(message)).toEqual(["id", "sender", "content", "timestamp", "type"]);
  });
});

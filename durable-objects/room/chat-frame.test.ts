import { describe, expect, it } from "vitest";
import { CHAT_MAX_CHARS, parseClientFrame } from "../../workers/contract/room/protocol";
import { fastChatFrame } from "./chat-frame";

/** Frames the fast path answers or leaves to the schema; for each it answers, the schema must say the same. */
const FRAMES = [
  { type: "message", sessionId: "s1", content: "hello" },
  { type: "message", content: "hello" },
  { type: "message", sessionId: "s1", content: "two\nlines\tand a tab" },
  { type: "message", sessionId: "s1", content: "" },
  { type: "message", sessionId: "s1", content: "   " },
  { type: "message", sessionId: "s1", content: "x".repeat(CHAT_MAX_CHARS * 2) },
  { type: "message", sessionId: "s1", content: "x".repeat(CHAT_MAX_CHARS * 2 + 1) },
  { type: "message", sessionId: "", content: "hi" },
  { type: "message", sessionId: "s".repeat(100), content: "hi" },
  { type: "message", sessionId: "s".repeat(101), content: "hi" },
  { type: "message", sessionId: null, content: "hi" },
  { type: "message", sessionId: 7, content: "hi" },
  { type: "message", sessionId: "s1", content: 42 },
  { type: "message", sessionId: "s1" },
  { type: "message", sessionId: "s1", content: "bidi \u202E gpj.exe" },
  { type: "message", sessionId: "s1", content: "bell \u0007" },
  { type: "message", sessionId: "s1", content: "\u200B\u200B" },
  { type: "message", sessionId: "s1", content: "lone \uD800 surrogate" },
  { type: "message", sessionId: "s1", content: "Z\u0301\u0302\u0303\u0304\u0305" },
  { type: "message", sessionId: "s1", content: "שלום \u200F ok" },
  { type: "message", sessionId: "s1", content: "hi", user: { id: "u1", name: "Someone" } },
  { type: "message", sessionId: "s1", content: "hi", user: { id: 5 } },
  { type: "message", sessionId: "s1", content: "hi", extra: true },
  { type: "message", sessionId: "s1", content: "hi", __proto__: { polluted: true } },
  { type: "join_room", sessionId: "s1" },
  { type: "game_action", action: "dice_roll", data: { sides: 20 } },
];
const RAW = [
  ...FRAMES.map((frame) => JSON.stringify(frame)),
  '{"type":"message","content":"hi","__proto__":{"x":1}}',
  '{"type":"message","content":"hi"',
  '{"type":"message","content":"hi"} trailing',
  '{"type":"message","content":"hi","content":"again"}',
  '{"type":"message" , "content":"spaced"}',
  '{"content":"hi","type":"message"}',
  `{"type":"message","content":"${"é".repeat(11_000)}"}`,
  "[]",
  "null",
  "",
];

describe("fastChatFrame", () => {
  it("answers only frames the schema accepts, with the schema's frame", () => {
    let answered = 0;
    for (const raw of RAW) {
      const fast = fastChatFrame(raw);
      if (fast === null) continue;
      answered++;
      expect(parseClientFrame(raw), raw).toEqual({ ok: true, frame: fast });
    }
    expect(answered).toBeGreaterThanOrEqual(8);
  });

  it("answers the page's frames", () => {
    const raw = JSON.stringify({ type: "message", sessionId: "abc", content: " hello there " });
    expect(fastChatFrame(raw)).toEqual({ type: "message", sessionId: "abc", content: " hello there " });
  });

  it("leaves binary and non-chat frames to the schema", () => {
    expect(fastChatFrame(new ArrayBuffer(4))).toBeNull();
    expect(fastChatFrame(JSON.stringify({ type: "join_room" }))).toBeNull();
  });
});

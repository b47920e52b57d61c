import { describe, expect, it } from "vitest";
import { ROOM_CLOSE, endedReasonFor } from "./close-codes";

describe("room close codes", () => {
  it("ends the page's socket for good on the room's own codes", () => {
    expect(endedReasonFor(ROOM_CLOSE.replaced)).toBe("This room was opened in another tab or window.");
    expect(endedReasonFor(ROOM_CLOSE.left)).toBe("You left the room.");
    expect(endedReasonFor(ROOM_CLOSE.signedOut)).toBe("You are signed out. Sign in again to rejoin this room.");
    expect(endedReasonFor(ROOM_CLOSE.roomGone)).toBe("This game session has ended.");
    expect(endedReasonFor(ROOM_CLOSE.removed)).toBe("The host removed you from this room.");
    expect(endedReasonFor(ROOM_CLOSE.ended)).toBe("This game has ended.");
  });

  it("lets the page reconnect after drops, restarts and an oversize frame", () => {
    for (const code of [1000, 1001, 1006, 1011, 1012, ROOM_CLOSE.tooLarge]) expect(endedReasonFor(code)).toBeNull();
  });

  it("keeps the room's codes in the application range, distinct", () => {
    const own = [ROOM_CLOSE.replaced, ROOM_CLOSE.left, ROOM_CLOSE.signedOut, ROOM_CLOSE.roomGone, ROOM_CLOSE.removed, ROOM_CLOSE.ended];
    expect(new Set(own).size).toBe(own.length);
    for (const code of own) expect(code >= 4000 && code <= 4999).toBe(true);
  });
});

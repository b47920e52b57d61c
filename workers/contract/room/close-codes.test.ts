import { describe, expect, it } from "vitest";
import { CLOSE_REASON_MAX_BYTES, ROOM_CLOSE, closeReasonText, endedReasonFor } from "./close-codes";

describe("room close codes", () => {
  it("ends the page's socket for good on the room's own codes", () => {
    expect(endedReasonFor(ROOM_CLOSE.replaced)).toBe("This room was opened in another tab or window.");
    expect(endedReasonFor(ROOM_CLOSE.left)).toBe("You left the room.");
    expect(endedReasonFor(ROOM_CLOSE.signedOut)).toBe("You are signed out. Sign in again to rejoin this room.");
    expect(endedReasonFor(ROOM_CLOSE.roomGone)).toBe("This game session has ended.");
    expect(endedReasonFor(ROOM_CLOSE.removed)).toBe("The host removed you from this room.");
    expect(endedReasonFor(ROOM_CLOSE.ended)).toBe("This game has ended.");
    expect(endedReasonFor(ROOM_CLOSE.removedFromRealm)).toBe("A moderator removed you from this realm.");
    expect(endedReasonFor(ROOM_CLOSE.suspended)).toBe("This account is suspended.");
  });

  it("says a moderator's reason after their codes' words, and only theirs", () => {
    expect(endedReasonFor(ROOM_CLOSE.removedFromRealm, "Repeated harassment in chat")).toBe(
      "A moderator removed you from this realm. Reason: Repeated harassment in chat",
    );
    expect(endedReasonFor(ROOM_CLOSE.suspended, " Spam ")).toBe("This account is suspended. Reason: Spam");
    expect(endedReasonFor(ROOM_CLOSE.removed, "Removed by the host")).toBe("The host removed you from this room.");
    expect(endedReasonFor(4999, "anything")).toBeNull();
  });

  it("cuts a close reason to the 123 bytes a WebSocket close allows, on a character", () => {
    expect(closeReasonText("Short")).toBe("Short");
    const long = closeReasonText("é".repeat(200));
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(CLOSE_REASON_MAX_BYTES);
    expect(long.endsWith("…")).toBe(true);
    expect(long.startsWith("éé")).toBe(true);
  });

  it("lets the page reconnect after drops, restarts and an oversize frame", () => {
    for (const code of [1000, 1001, 1006, 1011, 1012, ROOM_CLOSE.tooLarge]) expect(endedReasonFor(code)).toBeNull();
  });

  it("keeps the room's codes in the application range, distinct", () => {
    const own = [
      ROOM_CLOSE.replaced,
      ROOM_CLOSE.left,
      ROOM_CLOSE.signedOut,
      ROOM_CLOSE.roomGone,
      ROOM_CLOSE.removed,
      ROOM_CLOSE.removedFromRealm,
      ROOM_CLOSE.suspended,
      ROOM_CLOSE.ended,
    ];
    expect(new Set(own).size).toBe(own.length);
    for (const code of own) expect(code >= 4000 && code <= 4999).toBe(true);
  });
});

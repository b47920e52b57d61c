/**
 * Close codes a room ends a socket with on purpose (4000-4999 is the
 * application's range). Shared by the room and the room page, without
 * dependencies, so the page bundle stays small.
 */
export const ROOM_CLOSE = {
  /** The member opened the room again (another tab, or more than MAX_SOCKETS_PER_MEMBER sockets): the newer socket stays. */
  replaced: 4000,
  /** The member left the room (the room page's Leave Room, or the API). */
  left: 4001,
  /** The session the socket was opened with ended: sign-out, account deletion, expiry. */
  signedOut: 4401,
  /** The game session no longer exists (its host deleted their account). */
  roomGone: 4404,
  /** The host removed the member from the room. */
  removed: 4003,
  /** A moderator removed the member from the room's realm (issue 38); the close reason carries the moderator's reason. */
  removedFromRealm: 4031,
  /** An administrator suspended the member's account (issue 38); the close reason carries the reason. */
  suspended: 4403,
  /** The game ended (the last player left, the waiting room stayed empty, or the host ended it): a `room_ended` frame came first. */
  ended: 4410,
  /** Standard "message too big": a frame over MAX_FRAME_BYTES. The client may reconnect. */
  tooLarge: 1009,
} as const;

const ENDED: Record<number, string> = {
  [ROOM_CLOSE.replaced]: "This room was opened in another tab or window.",
  [ROOM_CLOSE.left]: "You left the room.",
  [ROOM_CLOSE.signedOut]: "You are signed out. Sign in again to rejoin this room.",
  [ROOM_CLOSE.roomGone]: "This game session has ended.",
  [ROOM_CLOSE.removed]: "The host removed you from this room.",
  [ROOM_CLOSE.removedFromRealm]: "A moderator removed you from this realm.",
  [ROOM_CLOSE.suspended]: "This account is suspended.",
  [ROOM_CLOSE.ended]: "This game has ended.",
};

/** Codes whose close reason is a moderator's words, which the page shows after its own. */
const MODERATED: ReadonlySet<number> = new Set([ROOM_CLOSE.removedFromRealm, ROOM_CLOSE.suspended]);

/**
 * What the room page says when the room ended its socket for good; null means reconnect (a drop, a restart). A
 * moderator's close carries their reason (`closeReason`, the WebSocket close reason), said after the code's words.
 */
export function endedReasonFor(code: number, closeReason = ""): string | null {
  const text = ENDED[code] ?? null;
  if (!text || !MODERATED.has(code) || !closeReason.trim()) return text;
  return `${text} Reason: ${closeReason.trim()}`;
}

/** A WebSocket close reason may be at most 123 bytes of UTF-8: a moderator's reason is cut to fit, on a character. */
export const CLOSE_REASON_MAX_BYTES = 123;

export function closeReasonText(reason: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(reason).length <= CLOSE_REASON_MAX_BYTES) return reason;
  let out = "";
  for (const char of reason) {
    if (encoder.encode(`${out}${char}…`).length > CLOSE_REASON_MAX_BYTES) break;
    out += char;
  }
  return `${out}…`;
}

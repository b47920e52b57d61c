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
  [ROOM_CLOSE.ended]: "This game has ended.",
};

/** What the room page says when the room ended its socket for good; null means reconnect (a drop, a restart). */
export function endedReasonFor(code: number): string | null {
  return ENDED[code] ?? null;
}

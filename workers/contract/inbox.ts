/**
 * A member's inbox socket (issue 37): how a notification that asks the member to act reaches their open pages within
 * a moment instead of at the bell's next poll. The page opens one socket at INBOX_PATH; the Worker hands it to the
 * member's MemberInbox Durable Object, which says `{"type":"notifications"}` whenever a request has just written a
 * notification for them; the page then reads its unread count as it always did. Nothing else travels on it: no
 * notification's text, so a socket left open after a session ended would tell nothing.
 * Decision: docs/decisions/2026-11-27-notifications-reach-open-pages.md.
 */
export const INBOX_PATH = "/ws/inbox";

/** The one frame the inbox sends. */
export const INBOX_RING = JSON.stringify({ type: "notifications" });

/** What the page sends to keep the connection up; answered "pong" by the runtime without waking the inbox. */
export const INBOX_PING = "ping";
export const INBOX_PONG = "pong";

/** Close codes (4000-4999, the application's range). */
export const INBOX_CLOSE = {
  /** More than INBOX_SOCKETS_PER_MEMBER sockets: the oldest goes. The page may open it again. */
  replaced: 4000,
  /** The session the socket was opened with ended (sign-out, account deletion, expiry): the page stops. */
  signedOut: 4401,
} as const;

/** Open pages (tabs) a member keeps an inbox socket for at once. */
export const INBOX_SOCKETS_PER_MEMBER = 12;

/** Headers the Worker sets on the upgrade it forwards; the inbox trusts nothing else. */
export const INBOX_USER_HEADER = "x-realmcast-user-id";
export const INBOX_SESSION_HEADER = "x-realmcast-session";

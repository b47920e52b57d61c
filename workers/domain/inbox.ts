/**
 * Telling a member's open pages about their notifications (workers/contract/inbox.ts): the Worker's side of the
 * MemberInbox Durable Object, one per member (named by their id). Rings go out after the request that wrote the
 * notifications has answered (workers/http/inbox-ring.ts); a ring that fails is only logged, since the page's
 * poll catches up.
 */
import type { Db } from "../db/client";
import { currentLogger } from "../lib/logger";
import { signOutOfRooms } from "./rooms/rooms";

/** At most this many members' pages are told per request (an open-room alert reaches 50 at most). */
export const RING_LIMIT = 100;

const inboxOf = (env: Env, userId: string) => env.MemberInbox.get(env.MemberInbox.idFromName(userId));

export async function ringInboxes(env: Env, userIds: Iterable<string>): Promise<void> {
  const members = [...userIds].slice(0, RING_LIMIT);
  const results = await Promise.allSettled(members.map((id) => inboxOf(env, id).ring()));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length > 0) {
    currentLogger().warn("Could not tell some members' pages of a notification", { failed: failed.length, of: members.length });
  }
}

/** Sign-out: the inbox sockets opened with this session close (as the rooms' do). */
export async function endInboxSession(env: Env, userId: string, sessionKey: string): Promise<void> {
  await inboxOf(env, userId).endSession(sessionKey);
}

/**
 * A browser session that ended (sign-out, or replaced by a new sign-in): every socket it opened closes at once, in the
 * member's rooms and in their inbox.
 */
export async function endSessionSockets(env: Env, db: Db, userId: string | undefined, sessionKey: string | undefined): Promise<void> {
  await Promise.all([signOutOfRooms(env, db, userId, sessionKey), userId && sessionKey ? endInboxSession(env, userId, sessionKey) : null]);
}

/** Account deletion: all of the member's inbox sockets close. */
export async function endInbox(env: Env, userId: string): Promise<void> {
  await inboxOf(env, userId).endAll();
}

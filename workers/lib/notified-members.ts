import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The members a request (or any unit of work) has written a notification for, so that once it has answered their
 * open pages can be told (workers/http/inbox-ring.ts, workers/contract/inbox.ts). The domain notes each member where
 * it writes their notification (`noteNotified`); work run outside `collectNotified` notes nothing.
 */
const storage = new AsyncLocalStorage<Set<string>>();

/** Runs `fn`, adding to `members` every member notified by what it awaits. */
export function collectNotified<T>(members: Set<string>, fn: () => T): T {
  return storage.run(members, fn);
}

/** Notes that `userId` was just sent a notification (a no-op outside collectNotified). */
export function noteNotified(...userIds: (string | null | undefined)[]): void {
  const members = storage.getStore();
  if (!members) return;
  for (const id of userIds) if (id) members.add(id);
}

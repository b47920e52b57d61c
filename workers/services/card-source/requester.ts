import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whose card lookup a request to the card service is (issue 35), so the pacer (./pacing.ts FairPacer) can serve
 * members in turn. Set by the doors that look cards up for a member (workers/domain/cards/card-lookups.ts: the /api card
 * routes and a room's share_card) around the lookup; lookups outside one (deck lists) share the "" queue.
 */
const requester = new AsyncLocalStorage<string>();

/** Runs `lookup` as `memberId`'s: every card service request it makes waits in that member's queue. */
export const asCardRequester = <T>(memberId: string, lookup: () => Promise<T>): Promise<T> => requester.run(memberId, lookup);

/** The member whose lookup is running, or "" outside asCardRequester. */
export const currentCardRequester = (): string => requester.getStore() ?? "";

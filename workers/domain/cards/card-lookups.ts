import type { Db } from "../../db/client";
import { asCardRequester } from "../../services/card-source";
import { enforceRateLimit } from "../rate-limit";

/**
 * One member's card lookup, whichever door it comes through (the /api card routes, a room's `share_card` frame):
 * one hit of the member's `cardLookup` limit (one limiter for every door, issue 35), then the lookup runs as theirs,
 * so the card service's pacer serves it in turn with other members' (services/card-source/pacing.ts FairPacer).
 * Over the limit: the 429 DomainError, and the card service is not asked.
 */
export async function lookUpCardsAs<T>(db: Db, memberId: string, lookup: () => Promise<T>): Promise<T> {
  await enforceRateLimit(db, "cardLookup", memberId);
  return asCardRequester(memberId, lookup);
}

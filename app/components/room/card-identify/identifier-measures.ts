// The performance panel's measures of a click's way to the identifier's worker and back (issue 36), on the page's
// clock: what the browser tests and a player's profile read (docs/cards.md, "The first click").
import type { IdentifierAnswer } from "./identifier-protocol";

/** An answer, and when (the page's clock) its question was posted, it arrived and it had been checked. */
export type Delivered = { answer: IdentifierAnswer; posted: number; arrived: number; parsed: number };

/**
 * A click's way to the worker and back, for the performance panel and the browser tests: "card-identify-post" (from
 * the post to the worker taking it: the message's way and the wait for the worker's thread), "card-identify-match"
 * (the worker's time identifying), "card-identify-reply" (from the worker's answer to the page taking it: the wait
 * for the page's thread) and "card-identify-parse" (checking the answer).
 */
export function measureTrip({ answer, posted, arrived, parsed }: Delivered) {
  if (answer.kind !== "identified") return;
  if (!answer.at) {
    performance.measure("card-identify-match", { start: arrived - answer.ms, duration: answer.ms });
    return;
  }
  // The worker's epoch times on the page's clock.
  const received = Math.max(posted, answer.at.received - performance.timeOrigin);
  const sent = Math.min(arrived, Math.max(received, answer.at.sent - performance.timeOrigin));
  performance.measure("card-identify-post", { start: posted, end: received });
  performance.measure("card-identify-match", { start: received, duration: answer.ms });
  performance.measure("card-identify-reply", { start: sent, end: arrived });
  performance.measure("card-identify-parse", { start: arrived, end: parsed });
}

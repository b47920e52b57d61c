import { useFetcher, type Fetcher, type FetcherWithComponents } from "@remix-run/react";
import { useResultToast, type ActionResult } from "./forms";

/**
 * The one fetcher a list's rows post through, for actions that can take their own row away (revoke, decline, resolve,
 * block a player...): the list calls this, hands the fetcher to its rows, and shows the answer's toast itself, since
 * the list stays. A row that showed its own toast could miss it: Remix renders its state changes as transitions, and
 * the answer and the list without the row can be committed as one render, in which the row's effect never runs (a
 * slow phone; the browser tests make it the usual case with the CPU 20× slower, docs/testing.md).
 */
export function useListFetcher<Answer extends ActionResult = ActionResult>(): FetcherWithComponents<Answer> {
  const fetcher = useFetcher<Answer>();
  useResultToast(fetcher.data);
  return fetcher;
}

/**
 * The list's fetcher as one row sees it: `sending` while it acts for this row (the row's own "Removing..."), found by
 * the row's `field` in what was sent; `busy` while it acts for any row. The rows take turns (their buttons wait while
 * `busy`): a second submission through the same fetcher would cancel the first one's answer, and with it its toast.
 */
export function rowActionState(fetcher: Fetcher, field: string, value: string): { sending: boolean; busy: boolean } {
  const busy = fetcher.state !== "idle";
  return { busy, sending: busy && sentValue(fetcher, field) === value };
}

/** A field of what the fetcher is sending: a form's, or a JSON object's. */
function sentValue(fetcher: Fetcher, field: string): unknown {
  if (fetcher.formData) return fetcher.formData.get(field);
  const json = fetcher.json;
  return json && typeof json === "object" && Object.hasOwn(json, field) ? (json as Record<string, unknown>)[field] : undefined;
}

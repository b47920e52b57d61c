// Getting click-to-identify ready before the first click (issue 36). On the room page's first load: this file only
// (a few lines); the identifier itself (its client, its worker and card-vision) loads when a remote player's camera
// is on at the table, in an idle moment, once a page: a room with no camera on costs nothing. With no deck on any
// seat the identifier needs the whole pool (a file of megabytes and a few hundred ms of CPU): that waits for a sign
// the viewer may click (a pointer over a remote picture, a touch on it), so a spectator who never does pays nothing.
import { useCallback, useEffect, useState } from "react";
import { useParams } from "@remix-run/react";
import { tableKeyOf } from "./table-key";

/**
 * Prepares the identifier (identifier-client.ts `prepareIdentifier`) while `active` (a remote camera a click can
 * identify on, showing a picture): the table's references when its decks (`tableCards`) are known, else the whole
 * pool, once the returned callback said the viewer may click. Asking again with the same table does nothing; a
 * table whose decks change is prepared again.
 */
export function useIdentifierPrefetch(active: boolean, tableCards: { id: string }[]): () => void {
  // The room's id (the room page's route, tablesync.room.$id): the table's references are the room's.
  const sessionId = useParams().id ?? "";
  const tableKey = tableKeyOf(tableCards);
  const [intent, setIntent] = useState(false);
  const waitsForIntent = tableKey === "" && !intent;
  useEffect(() => {
    if (!active || !sessionId || waitsForIntent) return;
    let current = true;
    const start = () => {
      if (!current) return;
      // The panel's own code too, so that the click shows it at once.
      void import("./card-identify-panel");
      void import("./identifier-client").then((client) => (current ? client.prepareIdentifier(sessionId, tableKey) : undefined));
    };
    // After the page's own work (its first paint, the video starting): an idle moment, or a second at most.
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(start, { timeout: 1_000 }) : null;
    const timer = idle === null ? setTimeout(start, 200) : null;
    return () => {
      current = false;
      if (idle !== null) cancelIdleCallback(idle);
      if (timer !== null) clearTimeout(timer);
    };
  }, [active, sessionId, tableKey, waitsForIntent]);
  // The tile calls it on a pointer over its picture or a touch: the viewer may be about to click.
  return useCallback(() => setIntent(true), []);
}

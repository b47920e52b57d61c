// Getting click-to-identify ready before the first click (issue 36). On the room page's first load: this file only
// (a few lines); the identifier itself (its client, its worker and card-vision) loads when a remote player's camera
// is on at the table, in an idle moment, once a page: a room with no camera on costs nothing. With no deck on any
// seat the identifier needs the whole pool (a file of megabytes and a few hundred ms of CPU), and at a table the
// keypoint fit and vote need the table's keypoints (megabytes too): those wait for a sign the viewer may click (a
// pointer over a remote picture, a touch on it), so a spectator who never does pays nothing.
import { createElement, lazy, useCallback, useEffect, useState, type ComponentProps, type ComponentType } from "react";
import { useParams } from "@remix-run/react";
import { tableKeyOf } from "./table-key";

type Panel = typeof import("./card-identify-panel").default;
/** The panel's module once loaded (by the preparation below, or by a click that came first). */
let panelLoaded: Panel | null = null;
let panelLoading: Promise<{ default: Panel }> | null = null;
function loadPanel() {
  panelLoading ??= import("./card-identify-panel").then(
    (module) => {
      panelLoaded = module.default;
      return module;
    },
    (error: unknown) => {
      panelLoading = null;
      throw error;
    },
  );
  return panelLoading;
}
const LazyPanel = lazy(loadPanel);

/**
 * The click-to-identify panel (card-identify-panel.tsx), its code loaded apart from the room's. Once the preparation
 * has loaded it, it renders at once, in the click's own task: a lazy component would suspend on its first render
 * even with its code at hand, and the click's frame would wait a turn of the page's scheduler (behind the video's
 * and everything else's work) before being read.
 */
export function CardIdentifyPanel(props: ComponentProps<Panel>) {
  // Chosen once a mount: switching from the lazy one to the loaded one would mount the panel again (a second frame).
  const [panel] = useState<ComponentType<ComponentProps<Panel>>>(() => panelLoaded ?? LazyPanel);
  return createElement(panel, props);
}

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
      void loadPanel().catch((error: unknown) => console.warn("The card identifier's panel did not load", error));
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
  // At a table, a sign the viewer may click also fetches the table's keypoints (megabytes: not for a spectator who
  // never clicks), so that no click waits for them or for the vote made from them.
  useEffect(() => {
    if (!active || !sessionId || !tableKey || !intent) return;
    let current = true;
    void import("./identifier-client").then((client) => (current ? client.prepareTableKeypoints(sessionId, tableKey) : undefined));
    return () => {
      current = false;
    };
  }, [active, sessionId, tableKey, intent]);
  // The tile calls it on a pointer over its picture or a touch: the viewer may be about to click.
  return useCallback(() => setIntent(true), []);
}

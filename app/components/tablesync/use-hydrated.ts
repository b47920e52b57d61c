import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and the page hydrates, true once JavaScript
 * runs the page (at once after a client-side navigation): forms render their
 * no-JavaScript fallbacks until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

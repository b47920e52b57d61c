import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and the browser hydrates, true afterwards: for
 * controls that need JavaScript (a dialog trigger, a button disabled until the
 * field is filled), so the server-rendered page offers what works without it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

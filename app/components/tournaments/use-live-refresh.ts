import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * While an event runs, results arrive from other members: refresh the page's
 * data every `intervalMs` while the tab is visible and nothing else is loading.
 */
export function useLiveRefresh(enabled: boolean, intervalMs = 15_000) {
  const revalidator = useRevalidator();
  // A ref keeps one timer across renders (the revalidator object changes every render).
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") latest.current.revalidate();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [enabled, intervalMs]);
}

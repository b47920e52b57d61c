import { useEffect, useState } from "react";

/**
 * The time, starting from the server's (so the first render matches it), then the browser's, refreshed every
 * `intervalMs` while `enabled` (a running, timed round): enough for a minutes clock and nothing when idle.
 */
export function useNow(serverNow: number, enabled: boolean, intervalMs = 15_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    if (!enabled) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [enabled, intervalMs, serverNow]);
  return now;
}

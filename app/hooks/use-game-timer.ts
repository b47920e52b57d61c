import { useCallback, useEffect, useState } from "react";

/** The local game clock (spec 001 §4): start, pause, reset; counts seconds. */
export function useGameTimer() {
  const [seconds, setSeconds] = useState(0);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(id);
  }, [running]);
  const toggle = useCallback(() => setRunning((r) => !r), []);
  const reset = useCallback(() => {
    setRunning(false);
    setSeconds(0);
  }, []);
  return { seconds, running, start: () => setRunning(true), pause: () => setRunning(false), toggle, reset };
}

/** mm:ss (minutes keep counting past 59). */
export function formatClock(totalSeconds: number): string {
  const m = Math.floor(totalSeconds / 60);
  const s = totalSeconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

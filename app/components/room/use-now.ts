import { useEffect, useState } from "react";

/** This browser's clock, once a second: the shared game clock and seat countdowns count from the room's times. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

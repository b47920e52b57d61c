import { useCallback, useState } from "react";

/**
 * A panel whose code is its own chunk (the deck dialog, the card lookup): `loaded` turns true the first time it
 * opens and stays true, so the chunk is fetched on first use and the panel keeps its state once closed.
 */
export function useOpenedOnce() {
  const [open, setOpenState] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const setOpen = useCallback((next: boolean) => {
    if (next) setLoaded(true);
    setOpenState(next);
  }, []);
  return { open, loaded, setOpen };
}

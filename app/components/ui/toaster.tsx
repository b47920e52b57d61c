import { lazy, Suspense, useState } from "react";
import { useToasts } from "~/hooks/use-toast";

/** The toast region's code; also awaited by whoever must not move on before a toast can show (session-expired.ts). */
export const loadToastRegion = () => import("./toast-region");
const ToastRegion = lazy(loadToastRegion);

/**
 * Most visits never show a toast, so Radix's toast region (and its code) arrives with the first one
 * and then stays, keeping its F8 shortcut and swipe for the rest of the visit.
 */
export function Toaster() {
  const hasToasts = useToasts().length > 0;
  const [wanted, setWanted] = useState(false);
  if (hasToasts && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}

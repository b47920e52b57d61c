import { useFetchers, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "~/hooks/use-toast";

/** The toast region's code; also awaited by whoever must not move on before a toast can show (session-expired.ts). */
export const loadToastRegion = () => import("./toast-region");
const ToastRegion = lazy(loadToastRegion);

/**
 * Most visits never show a toast, so Radix's toast region (and its code) arrives with the first one and then stays,
 * keeping its F8 shortcut and swipe for the rest of the visit. A form being sent is about to be answered with a
 * toast, so its code starts downloading then: fetched only once the answer arrived, it came after the page's
 * re-render and a round trip, seconds late on a busy phone (and past a browser test's 20 s on a loaded CI machine:
 * the join was done, the card said "Joined", the toast had not come yet).
 */
export function Toaster() {
  const hasToasts = useToasts().length > 0;
  const [wanted, setWanted] = useState(false);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sending = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  useEffect(() => {
    if (sending) void loadToastRegion();
  }, [sending]);
  // A form's submit event starts it too, before any render: Remix renders state changes as transitions, and under load
  // the render that says "submitting" can be overtaken by the answer's, so the code came only with the toast.
  useEffect(() => {
    const preload = () => void loadToastRegion();
    document.addEventListener("submit", preload, { capture: true, once: true });
    return () => document.removeEventListener("submit", preload, { capture: true });
  }, []);
  if (hasToasts && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}

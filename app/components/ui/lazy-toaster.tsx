import { lazy, Suspense } from "react";
import { useToasts } from "~/hooks/use-toast";

// Radix Toast is only downloaded once there is a toast to show (most pages never show one).
const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

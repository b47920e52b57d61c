import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { useEffect } from "react";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "~/hooks/use-toast";
import { cn } from "~/lib/cn";

/** Radix toast region: 5 s, swipe right (50 px), F8 focuses it (spec 000 §9). Loaded by toaster.tsx. */
export default function ToastRegion() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-variant={t.variant ?? "default"}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-xl",
            t.variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-border bg-surface text-fg",
          )}
        >
          <div className="grid gap-1">
            {t.title ? <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title> : null}
            {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
          </div>
          {t.action}
          {t.onShown ? <AfterPaint then={t.onShown} /> : null}
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]" />
    </Toast.Provider>
  );
}

/**
 * Calls `then` once the frame that shows its toast has been painted: the first animation frame after mount
 * comes before that paint, the second after it.
 */
function AfterPaint({ then }: { then: () => void }) {
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => then());
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [then]);
  return null;
}

import { useMemo } from "react";
import { useResultToast } from "~/lib/forms";
import type { ToastMessage } from "~/lib/toast";

/**
 * The toast an action left for the next page (app/lib/toast.server.ts). With
 * JavaScript it goes to the toaster; without, the <noscript> copy shows it.
 */
export function FlashToast({ toast }: { toast: ToastMessage | null }) {
  // Stable per loader answer, so a re-render does not toast again.
  useResultToast(useMemo(() => (toast ? { toast } : null), [toast]));
  if (!toast) return null;
  return (
    <noscript>
      <div
        role="status"
        className={`fixed bottom-4 right-4 z-[100] max-w-[420px] rounded-xl border p-4 shadow-xl ${
          toast.variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-border bg-surface text-fg"
        }`}
      >
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm opacity-90">{toast.description}</p> : null}
      </div>
    </noscript>
  );
}

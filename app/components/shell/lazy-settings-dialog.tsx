import { lazy, Suspense, useEffect, useRef } from "react";
import type { ShellMember } from "../../../workers/domain/shell";

/**
 * The settings dialog is only downloaded when a member reaches for it: pointing at or focusing Settings in the account
 * menu or the phone menu starts the download (`preloadSettingsDialog`), and opening it shows a loading panel at once
 * until the code has come.
 */
const loadSettingsDialog = () => import("~/components/settings/settings-dialog");
const SettingsDialog = lazy(loadSettingsDialog);

/** Starts the dialog's download (a failure surfaces when it mounts: React.lazy retries the import and throws). */
export function preloadSettingsDialog() {
  loadSettingsDialog().catch(() => undefined);
}

/** Props for a menu's Settings item: pointing at, focusing or touching it starts the download. */
export const preloadSettingsOnIntent = {
  onPointerEnter: preloadSettingsDialog,
  onFocus: preloadSettingsDialog,
  onTouchStart: preloadSettingsDialog,
};

export function LazySettingsDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: ShellMember;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={<SettingsLoading onClose={() => onOpenChange(false)} />}>
      <SettingsDialog open={open} onOpenChange={onOpenChange} user={user} />
    </Suspense>
  );
}

/**
 * Shown the moment Settings is chosen, while the dialog's code downloads: the dialog's frame, saying it is loading.
 * Plain markup (Radix's dialog is in the chunk being fetched); Escape or Close gives up.
 */
function SettingsLoading({ onClose }: { onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A modal keeps the keyboard inside it, as the real dialog (Radix) does: Close is the one control here, so focus
    // starts on it and Tab stays on it until the dialog's code has come.
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      if (event.key === "Tab") {
        event.preventDefault();
        closeButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);
  return (
    <>
      <div className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" aria-hidden="true" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-loading-title"
        aria-busy="true"
        className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl sm:max-w-2xl"
        data-testid="settings-loading"
      >
        <h2 id="settings-loading-title" className="text-xl font-bold">
          Settings
        </h2>
        <p className="mt-4 flex items-center gap-2 text-sm text-muted" role="status">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-border border-t-primary" aria-hidden="true" />
          Loading settings…
        </p>
        <div className="mt-4 grid gap-3" aria-hidden="true">
          <div className="h-10 animate-pulse rounded-lg bg-background" />
          <div className="h-40 animate-pulse rounded-lg bg-background" />
        </div>
        <div className="mt-6 flex justify-end border-t border-border pt-4">
          <button
            ref={closeButton}
            type="button"
            className="rounded-lg px-4 py-2 text-sm font-medium hover:bg-background"
            onClick={onClose}
          >
            Close
          </button>
        </div>
      </div>
    </>
  );
}

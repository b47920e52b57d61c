import { lazy, Suspense, useEffect, useRef } from "react";
import { X } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { CardDto } from "../../../workers/contract/cards";

// Its own chunk: most visits to a room never open it.
const CardLookup = lazy(() => import("./card-lookup"));

type Props = {
  open: boolean;
  /** Whether it was ever opened (its code is fetched then, and its search kept once closed). */
  loaded: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shows a found card to the table; null for a spectator. */
  onShare: ((card: CardDto) => boolean) | null;
};

/** The card lookup (issue 37): a sheet wide enough to read a card, over the table's side, never modal. */
export function CardLookupSheet({ open, loaded, onOpenChange, onShare }: Props) {
  // Escape from inside the sheet closes it. The name field says it itself (its open suggestions take the first
  // Escape); Radix's layers (a toast) mark every Escape as handled, so no defaultPrevented check here.
  const sheetRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      const inside = target instanceof Element && sheetRef.current?.contains(target) && target.getAttribute("role") !== "combobox";
      if (event.key === "Escape" && inside) onOpenChange(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onOpenChange]);

  return (
    <section
      id="room-card-lookup"
      role="dialog"
      aria-modal="false"
      aria-labelledby="card-lookup-heading"
      hidden={!open}
      ref={sheetRef}
      className="fixed inset-x-0 bottom-0 z-40 max-h-[85dvh] overflow-y-auto rounded-t-2xl border border-border bg-surface p-4 shadow-2xl sm:inset-x-auto sm:bottom-auto sm:right-4 sm:top-4 sm:max-h-[calc(100dvh-2rem)] sm:w-[32rem] sm:rounded-2xl"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="card-lookup-heading" className="text-lg font-bold">
          Card lookup
        </h2>
        <Button size="icon" variant="ghost" aria-label="Close card lookup" onClick={() => onOpenChange(false)}>
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {loaded ? (
        <Suspense fallback={<p className="text-sm text-muted">Loading card lookup...</p>}>
          <CardLookup focusWhen={open} onEscape={() => onOpenChange(false)} onShare={onShare} />
        </Suspense>
      ) : null}
    </section>
  );
}

import { Layers } from "lucide-react";
import { cn } from "~/lib/cn";
import type { SeatDeck } from "../../../workers/contract/room/protocol";

/**
 * The deck on a seat as everyone sees it (issue 26): each commander's art with its name, over a video tile
 * (`tile`, a dark glass legible over any picture and at 390 px) or in the players list (`row`). A deck without a
 * commander (or said by name only) shows its name; the bracket its player gave it (Rule 0, issue 27) follows.
 */
export function SeatCommanders({ deck, variant, className }: { deck: SeatDeck; variant: "tile" | "row"; className?: string }) {
  const tile = variant === "tile";
  return (
    <div
      className={cn("flex min-w-0 flex-wrap items-center gap-1", tile && "rounded-lg bg-black/70 p-1 text-white", className)}
      data-testid="seat-deck"
      role="group"
      aria-label={`Deck: ${deck.name}${deck.commanders.length ? `, commander ${deck.commanders.map((c) => c.name).join(" and ")}` : ""}${
        deck.bracket != null ? `, bracket ${deck.bracket}` : ""
      }`}
    >
      {deck.commanders.length === 0 ? (
        <span className="flex min-w-0 items-center gap-1 text-xs font-medium">
          <Layers className="h-3 w-3 shrink-0" aria-hidden="true" />
          <span className="truncate">{deck.name}</span>
        </span>
      ) : (
        deck.commanders.map((c) => (
          <span key={c.id} className="flex min-w-0 items-center gap-1" data-testid="seat-commander">
            <img
              src={c.artUrl}
              alt=""
              className={cn("shrink-0 rounded object-cover", tile ? "h-8 w-11" : "h-7 w-10")}
              loading="lazy"
              decoding="async"
              data-testid="seat-commander-art"
            />
            <span className={cn("truncate text-xs font-semibold", tile ? "max-w-[9rem]" : "max-w-[12rem]")}>{c.name}</span>
          </span>
        ))
      )}
      {deck.bracket != null ? (
        <span
          className={cn(
            "shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums",
            tile ? "bg-white/20 text-white" : "border border-border text-fg",
          )}
          data-testid="seat-bracket"
        >
          Bracket {deck.bracket}
        </span>
      ) : null}
    </div>
  );
}

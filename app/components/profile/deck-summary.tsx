import type { ReactNode } from "react";
import { Layers } from "lucide-react";
import type { CardDto, DeckSummary } from "../../../workers/contract/cards";
import { countOf } from "../../../workers/contract/plural";

/** A profile's "Decks" card heading: the owner's card and another member's read-only one share it. */
export function DecksHeading() {
  return (
    <h2 className="flex items-center gap-2 font-semibold">
      <Layers className="h-4 w-4 text-muted" aria-hidden="true" /> Decks
    </h2>
  );
}

/** One saved deck as a profile lists it: its commanders' art, name, commanders and size; `action` at its end (Delete, View list). */
export function DeckSummaryLine({ deck, action }: { deck: DeckSummary; action: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <CommanderArt commanders={deck.commanders} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{deck.name}</p>
        <p className="truncate text-xs text-muted">
          {deck.commanders.length > 0 ? `${deck.commanders.map((c) => c.name).join(" & ")} · ` : ""}
          {countOf(deck.cardCount, "card")}
        </p>
      </div>
      {action}
    </div>
  );
}

/** The commanders' art (Scryfall's art crop), or a placeholder for a deck without one. */
export function CommanderArt({ commanders }: { commanders: CardDto[] }) {
  if (commanders.length === 0) {
    return (
      <span className="flex h-[46px] w-16 shrink-0 items-center justify-center rounded bg-surface" aria-hidden="true">
        <Layers className="h-4 w-4 text-muted" />
      </span>
    );
  }
  return (
    <span className="flex shrink-0 gap-1">
      {commanders.slice(0, 2).map((c) => (
        <img key={c.id} src={c.artUrl} alt={c.name} width={64} height={46} loading="lazy" className="h-[46px] w-16 rounded object-cover" />
      ))}
    </span>
  );
}

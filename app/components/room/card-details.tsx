import type { SharedCard } from "../../../workers/contract/room/protocol";

/**
 * A card's image beside its text (name, mana cost, type line, oracle text), for the card lookup and a card shown
 * in the chat. The text is there in full, so the card reads without the picture (and to a screen reader).
 */
export function CardDetails({ card }: { card: SharedCard }) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_1fr]" data-testid="card-details">
      <img
        src={card.imageUrl}
        alt={card.name}
        width={488}
        height={680}
        className="mx-auto h-auto w-full max-w-[14rem] rounded-xl bg-black/20"
        data-testid="card-image"
      />
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="text-base font-bold" data-testid="card-name">
            {card.name}
          </span>
          {card.manaCost ? (
            <span className="font-mono text-xs text-muted" aria-label={`Mana cost ${card.manaCost}`}>
              {card.manaCost}
            </span>
          ) : null}
        </p>
        <p className="mt-1 text-muted">{card.typeLine}</p>
        <p className="mt-2 whitespace-pre-line" data-testid="oracle-text">
          {card.oracleText}
        </p>
      </div>
    </div>
  );
}

import { Link } from "@remix-run/react";
import { DECK_SECTIONS, type DeckSection, type DeckSummary } from "../../../workers/contract/cards";
import { Card } from "~/components/ui/card";
import { DeckSummaryLine, DecksHeading } from "./deck-summary";

/** A deck opened on a profile: its lines, by section. */
export type OpenedDeck = {
  id: string;
  name: string;
  cardCount: number;
  lines: { quantity: number; name: string; section: DeckSection; scryfallUri: string }[];
};

const SECTION_LABELS: Record<DeckSection, string> = { commander: "Commander", main: "Deck", sideboard: "Sideboard" };

/**
 * Another member's saved decks on their profile, read-only, as deck sites share them: each with its commanders and
 * size, and "View list" opening its whole list in the page (`?deck=<id>`, a link: it works without JavaScript).
 */
export function SharedDecksCard({
  decks,
  opened,
  profilePath,
  ownerName,
}: {
  decks: DeckSummary[];
  opened: OpenedDeck | null;
  profilePath: string;
  ownerName: string;
}) {
  return (
    <Card id="decks" className="mt-6" data-testid="profile-decks">
      <DecksHeading />
      {decks.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{ownerName} has not saved a deck yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3" aria-label={`${ownerName}'s decks`}>
          {decks.map((deck) => (
            <li key={deck.id} className="rounded-lg border border-border p-2">
              <DeckSummaryLine
                deck={deck}
                action={
                  opened?.id === deck.id ? (
                    <Link to={`${profilePath}#decks`} preventScrollReset className="shrink-0 text-sm text-muted underline">
                      Hide list
                    </Link>
                  ) : (
                    <Link
                      to={`${profilePath}?deck=${encodeURIComponent(deck.id)}#decks`}
                      preventScrollReset
                      className="shrink-0 text-sm font-medium text-primary underline"
                      aria-label={`View the list of ${deck.name}`}
                    >
                      View list
                    </Link>
                  )
                }
              />
              {opened?.id === deck.id ? <DeckLines deck={opened} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function DeckLines({ deck }: { deck: OpenedDeck }) {
  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-3 sm:grid-cols-2" data-testid="deck-list">
      {DECK_SECTIONS.map((section) => {
        const lines = deck.lines.filter((l) => l.section === section);
        if (lines.length === 0) return null;
        const count = lines.reduce((n, l) => n + l.quantity, 0);
        return (
          <section key={section} aria-label={`${deck.name}: ${SECTION_LABELS[section]}`}>
            <h3 className="text-sm font-semibold">
              {SECTION_LABELS[section]} <span className="font-normal text-muted">({count})</span>
            </h3>
            <ul className="mt-1 text-sm">
              {lines.map((line, i) => (
                <li key={`${line.name}:${i}`} className="flex gap-2">
                  <span className="w-6 shrink-0 text-right tabular-nums text-muted">{line.quantity}</span>
                  <a href={line.scryfallUri} target="_blank" rel="noreferrer" className="min-w-0 truncate hover:underline">
                    {line.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

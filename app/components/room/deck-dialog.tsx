import { useEffect, useId, useState, type FormEvent } from "react";
import { Layers, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Input, Label, Textarea } from "~/components/ui/field";
import { api, apiErrorMessage, unwrap } from "~/lib/api-client";
import type { DeckSummary, UnresolvedLine } from "../../../workers/contract/cards";
import { BRACKETS, bracketLabel } from "../../../workers/contract/brackets";
import { SEAT_DECK_NAME_MAX, type SeatDeck } from "../../../workers/contract/room/protocol";

/** What the player says they bring (the `set_deck` frame's fields): a saved deck, or a name only, or none; its bracket. */
export type DeckChoice = { deckId: string | null; deckName: string | null; bracket: number | null };

/** A pasted list or a link: whichever the member filled in (a link when it looks like one). */
function deckSourceOf(source: string): { text: string } | { url: string } {
  const trimmed = source.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? { url: trimmed } : { text: source };
}

/**
 * The seat's own player chooses the deck on their seat (issue 26), loaded on its own chunk when first opened: one
 * of their saved decks (`GET /api/decks`), or a new one from a pasted list or a deck link (`POST /api/decks`, then
 * put on the seat), showing each line that did not become a card and why; or no deck ("Remove deck"). Rule 0
 * (issue 27): a deck may also be said by name only, and in a Commander room the player gives it a bracket, chosen
 * first so it goes with whichever deck they then pick (changed alone, it re-sends the deck on the seat).
 */
export default function DeckDialog({
  open,
  onOpenChange,
  current,
  brackets,
  onAttach,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: SeatDeck | null;
  /** A Commander room's bracket choice (`room`: the room's own, null when it has none); null hides it (other formats). */
  brackets: { room: number | null } | null;
  /** Sends `set_deck` (all null removes the deck); false when the socket is not open. */
  onAttach: (choice: DeckChoice) => boolean;
}) {
  const nameId = useId();
  const sourceId = useId();
  const namedId = useId();
  const bracketId = useId();
  const [bracket, setBracket] = useState<number | null>(current?.bracket ?? null);
  const [named, setNamed] = useState("");
  const [decks, setDecks] = useState<DeckSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [source, setSource] = useState("");
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [unresolved, setUnresolved] = useState<{ deck: string; lines: UnresolvedLine[] } | null>(null);

  const currentBracket = current?.bracket ?? null;
  useEffect(() => {
    if (!open) return;
    let current = true;
    // A dialog opened again starts afresh: what the last save said belongs to that visit.
    setListError(null);
    setSaveError(null);
    setUnresolved(null);
    setBracket(currentBracket);
    unwrap(api.decks.$get())
      .then((result) => current && setDecks(result.decks))
      .catch((error: unknown) => current && setListError(apiErrorMessage(error, "Your decks could not be loaded")));
    return () => {
      current = false;
    };
    // The bracket starts from the seat's each time the dialog opens, not on every roster while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const shownBracket = brackets ? bracket : null;
  const choiceOf = (deckId: string | null, deckName: string | null = null): DeckChoice => ({
    deckId,
    deckName,
    bracket: deckId === null && deckName === null ? null : shownBracket,
  });
  const attach = (deckId: string | null) => {
    if (onAttach(choiceOf(deckId))) onOpenChange(false);
  };
  const chooseBracket = (value: number | null) => {
    setBracket(value);
    // The deck already on the seat takes the new bracket at once; the dialog stays open.
    if (current) onAttach({ deckId: current.id, deckName: current.id === null ? current.name : null, bracket: value });
  };
  function sayName(event: FormEvent) {
    event.preventDefault();
    const deckName = named.trim();
    if (!deckName) return;
    if (onAttach(choiceOf(null, deckName))) {
      setNamed("");
      onOpenChange(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !source.trim()) return;
    setSaving(true);
    setSaveError(null);
    setUnresolved(null);
    try {
      const deck = await unwrap(api.decks.$post({ json: { name: name.trim(), ...deckSourceOf(source) } }));
      setDecks((all) => [deck, ...(all ?? []).filter((d) => d.id !== deck.id)]);
      setName("");
      setSource("");
      if (deck.unresolved.length > 0) {
        // Put on the seat, and the dialog stays open to say which lines were left out.
        onAttach(choiceOf(deck.id));
        setUnresolved({ deck: deck.name, lines: deck.unresolved });
      } else attach(deck.id);
    } catch (error) {
      setSaveError(apiErrorMessage(error, "The deck could not be saved"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Your deck at this table" description="Everyone at the table sees your deck's commander on your seat.">
        <div className="space-y-5">
          {current ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-2 text-sm">
              <span className="min-w-0 truncate">
                On your seat: <span className="font-semibold">{current.name}</span>
                {brackets && current.bracket != null ? <span className="text-muted"> · {bracketLabel(current.bracket)}</span> : null}
              </span>
              <Button size="sm" variant="outline" onClick={() => attach(null)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove deck
              </Button>
            </div>
          ) : null}

          {brackets ? (
            <div>
              <Label htmlFor={bracketId}>Your deck&rsquo;s bracket</Label>
              <select
                id={bracketId}
                value={bracket ?? ""}
                onChange={(e) => chooseBracket(e.target.value ? Number(e.target.value) : null)}
                className="mt-1 block w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
                aria-describedby={`${bracketId}-hint`}
              >
                <option value="">Not said</option>
                {BRACKETS.map((b) => (
                  <option key={b.id} value={b.id}>
                    {bracketLabel(b.id)}
                  </option>
                ))}
              </select>
              <p id={`${bracketId}-hint`} className="mt-1 text-xs text-muted">
                {brackets.room !== null ? `This room plays bracket ${brackets.room}. ` : ""}Choose it before your deck: it goes with the
                deck you pick.
              </p>
            </div>
          ) : null}

          {unresolved ? (
            <section role="status" aria-label="Lines left out" data-testid="unresolved-lines" className="text-sm">
              <p className="font-medium">
                {unresolved.deck} is on your seat.{" "}
                {unresolved.lines.length === 1 ? "One line was" : `${unresolved.lines.length} lines were`} left out:
              </p>
              <ul className="mt-1 space-y-1">
                {unresolved.lines.map((l) => (
                  <li key={`${l.line}-${l.text}`} className="rounded-md bg-background p-1.5">
                    {l.line > 0 ? <span className="text-muted">Line {l.line}: </span> : null}
                    <span className="font-mono">{l.text}</span> <span className="text-muted">({l.reason})</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby={`${nameId}-saved`}>
            <h3 id={`${nameId}-saved`} className="mb-2 font-semibold">
              Saved decks
            </h3>
            {listError ? <p className="text-sm text-muted">{listError}</p> : null}
            {decks === null && !listError ? <p className="text-sm text-muted">Loading your decks...</p> : null}
            {decks?.length === 0 ? <p className="text-sm text-muted">No saved decks yet: add one below.</p> : null}
            <ul className="space-y-1" aria-label="Saved decks">
              {decks?.map((d) => (
                <li key={d.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 rounded-lg border border-border p-2 text-left text-sm hover:border-primary disabled:opacity-60"
                    onClick={() => attach(d.id)}
                    disabled={current?.id === d.id}
                  >
                    {d.commanders[0] ? (
                      <img src={d.commanders[0].artUrl} alt="" className="h-8 w-11 shrink-0 rounded object-cover" />
                    ) : (
                      <Layers className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{d.name}</span>
                      <span className="block truncate text-xs text-muted">
                        {d.commanders.map((c) => c.name).join(" & ") || "No commander"} · {d.cardCount} cards
                      </span>
                    </span>
                    <span className="shrink-0 text-xs font-medium text-primary">{current?.id === d.id ? "On your seat" : "Use"}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>

          <form onSubmit={sayName} className="space-y-2" aria-labelledby={`${namedId}-heading`}>
            <h3 id={`${namedId}-heading`} className="font-semibold">
              Or say it by name
            </h3>
            <div>
              <Label htmlFor={namedId}>The deck you bring</Label>
              <div className="flex gap-2">
                <Input
                  id={namedId}
                  value={named}
                  maxLength={SEAT_DECK_NAME_MAX}
                  onChange={(e) => setNamed(e.target.value)}
                  placeholder="e.g. Krenko goblins"
                  required
                />
                <Button type="submit" size="sm" variant="outline" disabled={!named.trim()}>
                  Use this name
                </Button>
              </div>
              <p className="mt-1 text-xs text-muted">Not saved as a deck: the table sees the name{brackets ? " and bracket" : ""}.</p>
            </div>
          </form>

          <form onSubmit={save} className="space-y-2" aria-labelledby={`${nameId}-new`}>
            <h3 id={`${nameId}-new`} className="font-semibold">
              Add a deck
            </h3>
            <div>
              <Label htmlFor={nameId}>Deck name</Label>
              <Input id={nameId} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} required />
            </div>
            <div>
              <Label htmlFor={sourceId}>Deck list or link</Label>
              <Textarea
                id={sourceId}
                value={source}
                onChange={(e) => setSource(e.target.value)}
                placeholder={"1 Sol Ring\n1 Command Tower\n... or https://archidekt.com/decks/..."}
                className="min-h-32 font-mono text-sm"
                required
              />
              <p className="mt-1 text-xs text-muted">
                One card a line (&ldquo;1 Sol Ring&rdquo;), or a public Archidekt link. From Moxfield, paste its export (More, then Export).
              </p>
            </div>
            {saveError ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {saveError}
              </p>
            ) : null}
            <Button type="submit" size="sm" disabled={saving || !name.trim() || !source.trim()}>
              {saving ? "Saving..." : "Save and use"}
            </Button>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}

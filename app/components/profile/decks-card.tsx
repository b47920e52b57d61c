import { useActionData, useFetcher } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { DECK_LINK_HINT, MAX_DECKS_PER_MEMBER, type CardDto, type DeckSummary, type UnresolvedLine } from "../../../workers/contract/cards";
import { countOf } from "../../../workers/contract/plural";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldMessage, Input, Label, Textarea } from "~/components/ui/field";
import { fieldError, useResultToast, type ActionFailure } from "~/lib/forms";
import { CommanderArt, DeckSummaryLine, DecksHeading } from "./deck-summary";

/** The answer to "Check list": what the list resolves to, and the submitted fields to show again. */
export type DeckCheckResult = {
  ok: true;
  check: { name: string | null; commanders: CardDto[]; cardCount: number; unresolved: UnresolvedLine[] };
  values: Record<string, string>;
};
/** A refused save or check; `unresolved` when no line of the list was a card. */
export type DeckFailure = ActionFailure & { unresolved?: UnresolvedLine[] };
type DeckResult = DeckCheckResult | DeckFailure;

const DECK_FIELDS = ["name", "text", "url"];
function isDeckResult(result: unknown): result is DeckResult {
  if (!result || typeof result !== "object") return false;
  if ("check" in result) return true;
  const values = "values" in result ? (result.values as Record<string, string> | undefined) : undefined;
  return !!values && Object.keys(values).some((k) => DECK_FIELDS.includes(k)) && !("firstName" in values) && !("platform" in values);
}

/**
 * The owner's Decks card on /profile: paste a list or give an Archidekt link, check it (every line that
 * is not a card is listed beside the field with its reason), save it, see the saved decks with their commanders'
 * art, delete one. Plain forms (intents of /profile), so it works without JavaScript as the rest of the page does.
 */
export function DecksCard({ decks }: { decks: DeckSummary[] }) {
  const saver = useFetcher<DeckResult>();
  const remover = useFetcher<ActionFailure>();
  const pageResult = useActionData();
  // With JavaScript the fetcher holds the answer; without, the page was rendered from the action's answer.
  const result: DeckResult | undefined = saver.data ?? (isDeckResult(pageResult) ? pageResult : undefined);
  useResultToast(saver.data);
  useResultToast(remover.data);
  const values = result?.values ?? {};
  const busy = saver.state !== "idle";
  const removingId = remover.state === "idle" ? null : remover.formData?.get("deckId");
  const unresolved = result ? ("check" in result ? result.check.unresolved : (result.unresolved ?? [])) : [];
  const check = result && "check" in result ? result.check : null;
  const full = decks.length >= MAX_DECKS_PER_MEMBER;
  const textError = fieldError(result, "text");
  const urlError = fieldError(result, "url");
  const nameError = fieldError(result, "name");
  const failureMessage = result && !result.ok && !result.fieldErrors ? result.message : undefined;

  return (
    <Card id="decks" className="mt-6" data-testid="profile-decks">
      <DecksHeading />
      {decks.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No decks saved yet. Paste a list below to save your first one.</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Saved decks">
          {decks
            .filter((deck) => deck.id !== removingId)
            .map((deck) => (
              <li key={deck.id} className="rounded-lg border border-border p-2">
                <DeckSummaryLine
                  deck={deck}
                  action={
                    <remover.Form method="post" action="/profile" preventScrollReset>
                      <input type="hidden" name="intent" value="removeDeck" />
                      <input type="hidden" name="deckId" value={deck.id} />
                      <button type="submit" className="rounded p-1 text-muted hover:text-fg" aria-label={`Delete deck ${deck.name}`}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </remover.Form>
                  }
                />
              </li>
            ))}
        </ul>
      )}

      {full ? (
        <p className="mt-4 border-t border-border pt-4 text-sm text-muted">
          You keep {MAX_DECKS_PER_MEMBER} decks, the most there may be; delete one to save another.
        </p>
      ) : (
        <saver.Form
          method="post"
          action="/profile#decks"
          preventScrollReset
          className="mt-4 grid gap-4 border-t border-border pt-4 md:grid-cols-2"
        >
          <div className="grid content-start gap-3">
            <div>
              <Label htmlFor="deck-name">Deck name</Label>
              <Input
                id="deck-name"
                name="name"
                maxLength={80}
                defaultValue={values.name ?? check?.name ?? ""}
                key={`name:${check?.name ?? ""}`}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={["deck-name-help", nameError ? "deck-name-error" : ""].join(" ").trim()}
              />
              <p id="deck-name-help" className="mt-1 text-xs text-muted">
                Left empty, a linked deck keeps its name on Archidekt.
              </p>
              <FieldMessage id="deck-name-error">{nameError}</FieldMessage>
            </div>
            <div>
              <Label htmlFor="deck-text">Deck list</Label>
              <Textarea
                id="deck-text"
                name="text"
                rows={10}
                className="font-mono text-sm"
                placeholder={"Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Sol Ring (CMR) 263\n30 Mountain"}
                defaultValue={values.text ?? ""}
                aria-invalid={textError || unresolved.length > 0 ? true : undefined}
                aria-describedby={["deck-text-help", textError ? "deck-text-error" : "", unresolved.length > 0 ? "deck-unresolved" : ""]
                  .join(" ")
                  .trim()}
              />
              <p id="deck-text-help" className="mt-1 text-xs text-muted">
                An MTG Arena, Moxfield or Archidekt export: one card a line, with Commander, Deck and Sideboard headings.
              </p>
              <FieldMessage id="deck-text-error">{textError}</FieldMessage>
            </div>
            <div>
              <Label htmlFor="deck-url">Or a link to a public Archidekt deck</Label>
              <Input
                id="deck-url"
                name="url"
                inputMode="url"
                placeholder="https://archidekt.com/decks/…"
                defaultValue={values.url ?? ""}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={["deck-url-help", urlError ? "deck-url-error" : ""].join(" ").trim()}
              />
              <p id="deck-url-help" className="mt-1 text-xs text-muted">
                {DECK_LINK_HINT}
              </p>
              <FieldMessage id="deck-url-error">{urlError}</FieldMessage>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="checkDeck" variant="outline" disabled={busy}>
                Check list
              </Button>
              <Button type="submit" name="intent" value="saveDeck" disabled={busy}>
                Save deck
              </Button>
            </div>
          </div>
          <DeckCheck check={check} unresolved={unresolved} failureMessage={failureMessage} busy={busy} />
        </saver.Form>
      )}
    </Card>
  );
}

/** Beside the fields: what the last check found, and every line that is not a card with its reason. */
function DeckCheck({
  check,
  unresolved,
  failureMessage,
  busy,
}: {
  check: DeckCheckResult["check"] | null;
  unresolved: UnresolvedLine[];
  failureMessage?: string;
  busy: boolean;
}) {
  return (
    <div className="grid content-start gap-3 text-sm" aria-live="polite" data-testid="deck-check">
      {busy ? <p className="text-muted">Looking the cards up…</p> : null}
      {failureMessage ? <p className="font-medium text-red-700 dark:text-red-400">{failureMessage}</p> : null}
      {check ? (
        <div className="flex items-center gap-3">
          <CommanderArt commanders={check.commanders} />
          <p>
            {countOf(check.cardCount, "card")} found
            {check.commanders.length > 0 ? `, led by ${check.commanders.map((c) => c.name).join(" & ")}` : ", no commander"}.
          </p>
        </div>
      ) : null}
      {unresolved.length > 0 ? (
        <div id="deck-unresolved">
          <p className="font-medium">{countOf(unresolved.length, "line")} not added:</p>
          <ul className="mt-1 grid gap-1" aria-label="Lines not added">
            {unresolved.map((u, i) => (
              <li key={`${u.line}:${i}`} className="rounded border border-border px-2 py-1">
                <span className="text-muted">{u.line > 0 ? `Line ${u.line}: ` : ""}</span>
                <code className="break-all">{u.text}</code>
                <span className="block text-red-700 dark:text-red-400">{u.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : check ? (
        <p className="text-muted">Every line is a card.</p>
      ) : null}
    </div>
  );
}

import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { deckName, deckText, deckUrl, unresolvedLine, type DeckSource } from "../../../workers/contract/cards";
import { resolveDeck } from "../../../workers/domain/cards/deck-resolve";
import { getDb } from "../../../workers/db/client";
import { warmDeck } from "../../../workers/domain/cards/card-references";
import { createDeck, deleteDeck } from "../../../workers/domain/cards/decks";
import { DomainError } from "../../../workers/domain/errors";
import { enforceRateLimit } from "../../../workers/domain/rate-limit";
import { domainFailure, echoValues, parseSubmission } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { DeckCheckResult, DeckFailure } from "~/components/profile/decks-card";
import { DECK_REMOVED, DECK_REMOVE_FAILED, DECK_SAVED, deckCheckFailed, deckSaveFailed } from "~/components/profile/profile-toasts";

/**
 * The Decks card of /profile: "checkDeck" previews a list (the lines that are not cards come back with their
 * reasons, shown beside the field), "saveDeck" saves it, "removeDeck" deletes one. A link in `url` wins over pasted
 * text, so a member who tried both gets the one they typed last in the more specific field.
 */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const sourceFields = {
  text: z.preprocess(blankToUndefined, deckText.optional()),
  url: z.preprocess(blankToUndefined, deckUrl.optional()),
};
const needsSource = (v: { text?: string; url?: string }) => v.text !== undefined || v.url !== undefined;
const SOURCE_MISSING = { message: "Paste a deck list or give a deck link", path: ["text"] };
/** A pasted list has no name of its own; a linked deck keeps its Archidekt name when none is typed. */
const namedUnlessLinked = (v: { name?: string; url?: string }) => v.name !== undefined || v.url !== undefined;
const NAME_MISSING = { message: "Give the deck a name", path: ["name"] };

export const deckSubmission = z.discriminatedUnion("intent", [
  z.strictObject({ intent: z.literal("checkDeck"), name: z.string().optional(), ...sourceFields }).refine(needsSource, SOURCE_MISSING),
  z
    .strictObject({ intent: z.literal("saveDeck"), name: z.preprocess(blankToUndefined, deckName.optional()), ...sourceFields })
    .refine(needsSource, SOURCE_MISSING)
    .refine(namedUnlessLinked, NAME_MISSING),
  z.strictObject({ intent: z.literal("removeDeck"), deckId: z.string().min(1).max(64) }),
]);
export const DECK_INTENTS = new Set(["checkDeck", "saveDeck", "removeDeck"]);

const sourceOf = (v: { text?: string; url?: string }): DeckSource => (v.url !== undefined ? { url: v.url } : { text: v.text ?? "" });

export async function deckAction(request: Request, context: AppLoadContext, userId: string, raw: Record<string, string | string[]>) {
  const parsed = parseSubmission(deckSubmission, raw, deckSaveFailed("Please correct the highlighted fields."));
  if (!parsed.ok) return parsed.response;
  const submission = parsed.value;
  const env = context.cloudflare.env;
  const db = context.db;
  switch (submission.intent) {
    case "checkDeck":
      try {
        await enforceRateLimit(db, "deckResolve", userId);
        const deck = await resolveDeck(env, db, sourceOf(submission));
        return data<DeckCheckResult>({
          ok: true,
          check: { commanders: deck.commanders, cardCount: deck.cardCount, unresolved: deck.unresolved, name: deck.name },
          values: echoValues(raw),
        });
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: deckCheckFailed(e.message), values: echoValues(raw) }));
      }
    case "saveDeck":
      try {
        const source = sourceOf(submission);
        const deck = await createDeck(
          env,
          db,
          userId,
          "url" in source ? { name: submission.name, url: source.url } : { name: submission.name ?? "", text: source.text },
        );
        warmDeck(env, getDb(env.DB), deck.cards, (work) => context.cloudflare.ctx.waitUntil(work));
      } catch (error) {
        // "None of the lines names a card": the lines and their reasons, beside the field. (A link's problem has its
        // issue on `url`, shown beside that field as any field error is.)
        const lines = error instanceof DomainError && error.kind === "invalid" ? z.array(unresolvedLine).safeParse(error.issues) : null;
        if (error instanceof DomainError && lines?.success) {
          return data<DeckFailure>(
            { ok: false, message: error.message, values: echoValues(raw), toast: deckSaveFailed(error.message), unresolved: lines.data },
            { status: 400 },
          );
        }
        return domainFailure(error, (e) => ({ toast: deckSaveFailed(e.message), values: echoValues(raw) }));
      }
      return redirectWithToast(request, "/profile#decks", DECK_SAVED);
    case "removeDeck":
      try {
        await deleteDeck(db, userId, submission.deckId);
      } catch (error) {
        return domainFailure(error, { toast: DECK_REMOVE_FAILED });
      }
      return redirectWithToast(request, "/profile#decks", DECK_REMOVED);
  }
}

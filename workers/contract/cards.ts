import { z } from "../lib/zod";
import { MAX_FEATURES_PER_REQUEST } from "./card-features-batch";

/**
 * A card as Realmcast shows it: the few fields of Scryfall's card object a table needs (https://scryfall.com/docs/api/cards).
 * For double-faced cards the images and texts are those of the front face.
 */
export const cardDto = z.object({
  /** Scryfall's id of the printing. */
  id: z.string(),
  name: z.string(),
  manaCost: z.string(),
  typeLine: z.string(),
  oracleText: z.string(),
  colors: z.array(z.string()),
  /** Scryfall's `normal` image (488×680). */
  imageUrl: z.string(),
  /** Scryfall's `art_crop` image (the illustration only). */
  artUrl: z.string(),
  /** Scryfall's `small` image (146×204). */
  smallImageUrl: z.string(),
  scryfallUri: z.string(),
  /** The printing: Scryfall's set code (lowercase) and collector number (absent in cards stored before issue 36). */
  set: z.string().optional(),
  collectorNumber: z.string().optional(),
  /** Scryfall's Oracle id: one for all printings of a card (absent in cards stored before issue 36). */
  oracleId: z.string().optional(),
});
export type CardDto = z.infer<typeof cardDto>;

export const DECK_SECTIONS = ["commander", "main", "sideboard"] as const;
export const deckSection = z.enum(DECK_SECTIONS);
export type DeckSection = z.infer<typeof deckSection>;

/** Highest quantity a single line may ask for (a Commander deck holds 100; relentless cards are the reason it is not 99). */
export const MAX_LINE_QUANTITY = 250;

export const deckCard = z.object({
  card: cardDto,
  quantity: z.number().int().min(1),
  section: deckSection,
  /**
   * Whether the list named this printing (set and number, as `1 Sol Ring (CMR) 263`): click-to-identify then knows
   * the card by this printing's art; otherwise by any printing's.
   */
  printingGiven: z.boolean().optional(),
});
export type DeckCard = z.infer<typeof deckCard>;

/** A line of a pasted list that did not become a card, and why (nothing is dropped silently). */
export const unresolvedLine = z.object({
  /** 1-based line number in the pasted text (0 for an entry of an imported deck, which has no lines). */
  line: z.number().int().min(0),
  text: z.string(),
  reason: z.string(),
});
export type UnresolvedLine = z.infer<typeof unresolvedLine>;

export const deckDto = z.object({
  id: z.string(),
  name: z.string(),
  commanders: z.array(cardDto),
  cards: z.array(deckCard),
  unresolved: z.array(unresolvedLine),
  cardCount: z.number().int().min(0),
  /** ISO date-time. */
  updatedAt: z.string(),
});
export type DeckDto = z.infer<typeof deckDto>;

export const deckSummary = deckDto.pick({ id: true, name: true, commanders: true, cardCount: true, updatedAt: true });
export type DeckSummary = z.infer<typeof deckSummary>;

export const deckList = z.object({ decks: z.array(deckSummary) });
export type DeckList = z.infer<typeof deckList>;

/** Most decks a member may keep. */
export const MAX_DECKS_PER_MEMBER = 50;
/** Longest pasted list accepted (a 100-card list with set codes is about 4 kB; exports with notes stay well under this). */
export const MAX_DECK_TEXT = 30_000;
export const MAX_DECK_NAME = 80;

export const deckText = z
  .string()
  .trim()
  .min(1, "Paste a deck list")
  .max(MAX_DECK_TEXT, `A deck list may be at most ${MAX_DECK_TEXT} characters`);
export const deckUrl = z
  .string()
  .trim()
  .min(1, "Give a deck link")
  .max(500, "A deck link may be at most 500 characters")
  .url("Give a full link, starting with https://");
export const deckName = z
  .string()
  .trim()
  .min(1, "Give the deck a name")
  .max(MAX_DECK_NAME, `A deck name may be at most ${MAX_DECK_NAME} characters`);

/** `{ text }` or `{ url }`: a pasted list (any site's export, Moxfield's included) or a link to a public Archidekt deck. */
export const deckSource = z.union([z.object({ text: deckText }).strict(), z.object({ url: deckUrl }).strict()]).meta({ id: "DeckSource" });
export type DeckSource = z.infer<typeof deckSource>;

export const resolveDeckBody = deckSource;
export const resolvedDeck = z.object({
  /** The deck's name when the source has one (an imported deck), else null. */
  name: z.string().nullable(),
  commanders: z.array(cardDto),
  cards: z.array(deckCard),
  unresolved: z.array(unresolvedLine),
});
export type ResolvedDeck = z.infer<typeof resolvedDeck>;

/** A pasted list needs its name; a link's deck may leave it out and keep the name its site gives it. */
export const createDeckBody = z
  .union([z.object({ name: deckName, text: deckText }).strict(), z.object({ name: deckName.optional(), url: deckUrl }).strict()])
  .meta({ id: "CreateDeckBody" });
export type CreateDeckBody = z.infer<typeof createDeckBody>;

export const deckIdParam = z.object({ id: z.string().trim().min(1).max(64) });
export const cardIdParam = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "A card id is a Scryfall id (a UUID)"),
});

export const MAX_CARD_QUERY = 141;
export const autocompleteQuery = z.object({
  q: z.string().trim().min(1, "Type part of a card name").max(MAX_CARD_QUERY, "A card name is at most 141 characters"),
});
export const autocompleteResult = z.object({ names: z.array(z.string()).max(20) });
export type AutocompleteResult = z.infer<typeof autocompleteResult>;

const cardName = z.string().trim().min(1, "Give a card name").max(MAX_CARD_QUERY, "A card name is at most 141 characters");
/** Exactly one of `exact` or `fuzzy`, as Scryfall's /cards/named takes them. */
export const namedQuery = z
  .object({ exact: cardName.optional(), fuzzy: cardName.optional() })
  .refine((q) => (q.exact === undefined) !== (q.fuzzy === undefined), { message: "Give exactly one of exact or fuzzy" });
export type NamedQuery = z.infer<typeof namedQuery>;

export const CARD_SERVICE_UNAVAILABLE = "Card lookup is unavailable right now";
/** The card image host cannot be reached (a printing's keypoints are made from its picture). */
export const CARD_IMAGES_UNAVAILABLE = "Card pictures are unavailable right now";
export const ARCHIDEKT_REFUSED = "Archidekt refused the request; paste the deck's export text instead";
/** Archidekt answered 404: no deck has that id (a private deck is not handed out either). */
export const DECK_NOT_FOUND = "No deck at that link: check it, and that the deck is not private on Archidekt";
/** Moxfield lets no other site read its decks (docs/decisions/2026-11-27-deck-links-archidekt-only.md): its export is pasted. */
export const MOXFIELD_PASTE =
  "Moxfield does not let other sites read its decks: in Moxfield, open the deck, choose More, then Export, copy the list and paste it into Deck list";
export const NOT_A_DECK_LINK = "Only links to public Archidekt decks can be imported; paste the deck's export text instead";
/** Said up front beside the link field, before anything is sent. */
export const DECK_LINK_HINT = "Archidekt links only. From Moxfield, paste the list instead: open the deck, choose More, then Export.";

/**
 * A printing's reference hash for click-to-identify (issue 36), made on the server from its small image by
 * card-vision's hashCard; `hash` is hex (card-vision's hashToHex), made by the response's `hashVersion`.
 */
export const cardReference = z.object({
  /** Scryfall's id of the printing. */
  id: z.string(),
  name: z.string(),
  /** Set code (lowercase) and collector number of the printing. */
  set: z.string(),
  collectorNumber: z.string(),
  typeLine: z.string(),
  smallImageUrl: z.string(),
  imageUrl: z.string(),
  hash: z.string().regex(/^[0-9a-f]+$/),
});
export type CardReference = z.infer<typeof cardReference>;

export const tableReferences = z.object({
  /** card-vision's HASH_VERSION: hashes made another way are never served. */
  hashVersion: z.string(),
  /** Every printing the table's decks stand for: a line's named printing, else all of the card's printings. */
  references: z.array(cardReference),
  /** Printings still being listed or hashed (in the background): ask again for them. 0 when the table is complete. */
  pending: z.number().int().min(0),
});
export type TableReferences = z.infer<typeof tableReferences>;

/** The whole-pool index the browser identifies against when no deck matches (card-vision/pool-index.ts). */
export const cardPoolManifest = z.object({
  /** Whether an index has been built yet (the scheduled job builds it from the card service's bulk file). */
  ready: z.boolean(),
  /** The index's version: its file is /api/card-pool/{version}, which never changes once made. */
  version: z.string().nullable(),
  hashVersion: z.string().nullable(),
  printings: z.number().int().min(0),
  /** The file's size as sent (gzip), in bytes. */
  bytes: z.number().int().min(0),
  /** When the card service made the bulk file it was built from (ISO date-time). */
  sourceUpdatedAt: z.string().nullable(),
  /** The build under way, if any: printings hashed so far of how many. */
  building: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /**
   * The index's printings' reference keypoints (click-to-identify's second step), made ahead through the pool's
   * keypoints queue, as last counted (every 10 minutes while a sending drains); null before the index's first count.
   */
  keypoints: z
    .object({
      featureVersion: z.string(),
      total: z.number().int().min(0),
      made: z.number().int().min(0),
      /** Printings whose picture could not be read (noted; sent again after two weeks). */
      unreadable: z.number().int().min(0),
      /** Neither made nor noted yet (queued, or waiting for the next sending). */
      missing: z.number().int().min(0),
      /** Printings sent to the queue by the last sending, and when (ISO date-time). */
      queued: z.number().int().min(0),
      queuedAt: z.string().nullable(),
      countedAt: z.string(),
    })
    .nullable(),
});
export type CardPoolManifest = z.infer<typeof cardPoolManifest>;
export const cardPoolVersionParam = z.object({ version: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, "A card pool version") });

/** A keypoint version (card-vision's FEATURE_VERSION) in a path: keypoints of another version are not made. */
export const featuresVersionParam = z.object({ version: z.string().regex(/^[a-z0-9-]{1,64}$/, "A keypoint version") });

/**
 * The printings whose reference keypoints a click's second step fits (issue 36): their Scryfall ids, comma-separated,
 * at most MAX_FEATURES_PER_REQUEST. The answer is card-features-batch.ts's format.
 */
export const printingFeaturesQuery = z.object({
  ids: z
    .string()
    .max(MAX_FEATURES_PER_REQUEST * 37)
    .transform((ids) => ids.split(","))
    .pipe(
      z
        .array(cardIdParam.shape.id)
        .min(1, "Name at least one printing")
        .max(MAX_FEATURES_PER_REQUEST, `At most ${MAX_FEATURES_PER_REQUEST} printings a request`),
    )
    .meta({ description: `Printing ids (Scryfall ids), comma-separated, 1–${MAX_FEATURES_PER_REQUEST}` }),
});

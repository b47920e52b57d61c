import type { CardDto } from "../../contract/cards";
import { z } from "../../lib/zod";

/** The fields of Scryfall's card object (https://scryfall.com/docs/api/cards) a CardDto is made of; the rest is ignored. */
const imageUris = z.object({ small: z.string(), normal: z.string(), art_crop: z.string() });
const face = z.object({
  name: z.string(),
  mana_cost: z.string().optional(),
  type_line: z.string().optional(),
  oracle_text: z.string().optional(),
  colors: z.array(z.string()).optional(),
  image_uris: imageUris.optional(),
});
export const scryfallCard = z.object({
  object: z.literal("card"),
  id: z.string(),
  name: z.string(),
  mana_cost: z.string().optional(),
  type_line: z.string().optional(),
  oracle_text: z.string().optional(),
  colors: z.array(z.string()).optional(),
  image_uris: imageUris.optional(),
  card_faces: z.array(face).optional(),
  scryfall_uri: z.string(),
  set: z.string().optional(),
  collector_number: z.string().optional(),
  oracle_id: z.string().optional(),
  /** A card only in digital games (Arena, MTGO): never on a table. */
  digital: z.boolean().optional(),
});
export type ScryfallCard = z.infer<typeof scryfallCard>;

export const scryfallCatalog = z.object({ object: z.literal("catalog"), data: z.array(z.string()) });
export const scryfallList = z.object({
  object: z.literal("list"),
  data: z.array(scryfallCard),
  not_found: z.array(z.looseObject({})).optional(),
  /** A search's paging (https://scryfall.com/docs/api/lists): the next page's address while there is one. */
  has_more: z.boolean().optional(),
  next_page: z.string().optional(),
});

/** A bulk data file (https://scryfall.com/docs/api/bulk-data): its kind, when it was made and where to download it. */
export const scryfallBulkFile = z.object({
  object: z.literal("bulk_data"),
  type: z.string(),
  updated_at: z.string(),
  download_uri: z.string(),
  size: z.number().optional(),
});
export const scryfallBulkList = z.object({ object: z.literal("list"), data: z.array(scryfallBulkFile) });
export type ScryfallBulkFile = z.infer<typeof scryfallBulkFile>;

/**
 * A Scryfall card as Realmcast shows it. A double-faced card (transform, modal) has no top-level images, costs or
 * rules text: its front face's are used, since the front is what lies on the table at first.
 */
export function toCardDto(card: ScryfallCard): CardDto {
  const front = card.card_faces?.[0];
  const images = card.image_uris ?? front?.image_uris;
  return {
    id: card.id,
    name: card.name,
    manaCost: card.mana_cost ?? front?.mana_cost ?? "",
    typeLine: card.type_line ?? front?.type_line ?? "",
    oracleText: card.oracle_text ?? front?.oracle_text ?? "",
    colors: card.colors ?? front?.colors ?? [],
    imageUrl: images?.normal ?? "",
    artUrl: images?.art_crop ?? "",
    smallImageUrl: images?.small ?? "",
    scryfallUri: card.scryfall_uri,
    ...(card.set !== undefined ? { set: card.set.toLowerCase() } : {}),
    ...(card.collector_number !== undefined ? { collectorNumber: card.collector_number } : {}),
    ...(card.oracle_id !== undefined ? { oracleId: card.oracle_id } : {}),
  };
}

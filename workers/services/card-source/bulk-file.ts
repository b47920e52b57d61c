import { z } from "../../lib/zod";
import { clientHeaders } from "./scryfall";
import { CardServiceUnavailable } from "./card-source";

/**
 * Reading one of Scryfall's bulk files (https://scryfall.com/docs/api/bulk-data): a JSON array of card objects,
 * ~500 MB for `default_cards`, far more than a Worker may hold, so it is read as a stream and each card is parsed on
 * its own and cut down to the few fields a printing needs.
 */

/** A printing as the whole-pool index's build needs it. */
export type BulkPrinting = { id: string; name: string; set: string; collectorNumber: string; smallImageUrl: string };

const images = z.object({ small: z.string() });
const bulkCard = z.object({
  id: z.string(),
  name: z.string(),
  set: z.string(),
  collector_number: z.string(),
  digital: z.boolean().optional(),
  image_uris: images.optional(),
  card_faces: z.array(z.object({ image_uris: images.optional() })).optional(),
});

/** A bulk file's card as a printing, or null for one that never lies on a table (digital) or has no picture. */
export function bulkPrinting(item: unknown): BulkPrinting | null {
  const parsed = bulkCard.safeParse(item);
  if (!parsed.success || parsed.data.digital) return null;
  const card = parsed.data;
  const small = card.image_uris?.small ?? card.card_faces?.[0]?.image_uris?.small;
  if (!small) return null;
  return { id: card.id, name: card.name, set: card.set.toLowerCase(), collectorNumber: card.collector_number, smallImageUrl: small };
}

/**
 * The items of a JSON array arriving as a stream, parsed one at a time: the scanner follows strings and nesting
 * depth to cut out each top-level item, whatever the file's line breaks (Scryfall's puts one card a line).
 */
export async function* jsonArrayItems(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let pending = "";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let scanned = 0;
  for (;;) {
    const { done, value } = await reader.read();
    pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const items: string[] = [];
    for (let i = scanned; i < pending.length; i++) {
      const c = pending.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) inString = false;
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        depth++;
        if (depth === 2) start = i;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--;
        if (depth === 1 && start >= 0) {
          items.push(pending.slice(start, i + 1));
          start = -1;
        }
      }
    }
    // Keep only the item under way (or nothing), so the buffer never holds more than one card.
    const keepFrom = start >= 0 ? start : pending.length;
    pending = pending.slice(keepFrom);
    if (start >= 0) start = 0;
    scanned = pending.length;
    for (const item of items) yield JSON.parse(item);
    if (done) return;
  }
}

/** Opens a bulk file's download (Scryfall serves it gzip-encoded; fetch decodes it). */
export async function openBulkFile(downloadUri: string, siteOrigin: string): Promise<ReadableStream<Uint8Array>> {
  let response: Response;
  try {
    response = await fetch(downloadUri, { headers: clientHeaders(siteOrigin) });
  } catch (error) {
    throw new CardServiceUnavailable(error instanceof Error ? error.message : "bulk file unreachable");
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new CardServiceUnavailable(`bulk file answered ${response.status}`);
  }
  return response.body;
}

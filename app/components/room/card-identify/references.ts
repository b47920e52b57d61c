// The table's cards' reference hashes, in the browser: each card's image loaded once (CORS-enabled, so a canvas
// may read it), hashed, and kept in memory and in IndexedDB, keyed by card id and image URL (a new printing's
// image is a new key). The version in the key retires old hashes when the hashing changes. Scryfall's "small"
// image (146×204, ~10 KB) rather than "normal" (488×680, ~70 KB): four Commander decks are 400 images, and the
// benchmark finds the same accuracy from either (the 32×32 the hash reads is far below both).
import type { CardDto } from "../../../../workers/contract/cards";
import { hashCard, toGray, canonicalFromImage, hashFromHex, hashToHex, HASH_VERSION, type Reference } from "../../../../card-vision";

const DB_NAME = "realmcast-card-identify";
const STORE = "hashes";
/** Images fetched at once: enough to fill the pipe, not so many that the video stalls. */
const PARALLEL = 6;

const memory = new Map<string, string>();
const keyOf = (card: CardDto) => `${HASH_VERSION}|${card.id}|${card.smallImageUrl}`;

let dbPromise: Promise<IDBDatabase | null> | null = null;
function openDb(): Promise<IDBDatabase | null> {
  dbPromise ??= new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(null);
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    // Private windows may refuse storage: the memory cache still works.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return dbPromise;
}

function readStored(db: IDBDatabase, keys: string[]): Promise<Map<string, string>> {
  return new Promise((resolve) => {
    const found = new Map<string, string>();
    const tx = db.transaction(STORE, "readonly");
    const store = tx.objectStore(STORE);
    for (const key of keys) {
      const request = store.get(key);
      request.onsuccess = () => {
        if (typeof request.result === "string") found.set(key, request.result);
      };
    }
    tx.oncomplete = () => resolve(found);
    tx.onerror = () => resolve(found);
    tx.onabort = () => resolve(found);
  });
}

function writeStored(db: IDBDatabase, entries: [string, string][]): void {
  if (entries.length === 0) return;
  const tx = db.transaction(STORE, "readwrite");
  const store = tx.objectStore(STORE);
  for (const [key, value] of entries) store.put(value, key);
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    // Scryfall's image host (and the project's fake) answer with Access-Control-Allow-Origin: *, which with this
    // attribute leaves the canvas readable.
    img.crossOrigin = "anonymous";
    img.decoding = "async";
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`Card image did not load: ${url}`));
    img.src = url;
  });
}

async function hashImage(url: string): Promise<string> {
  const img = await loadImage(url);
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas");
  context.drawImage(img, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return hashToHex(hashCard(canonicalFromImage(toGray(pixels))).art);
}

/**
 * Reference hashes of the cards (those whose image fails to load are left out), reporting progress as
 * (done, total) while images are fetched the first time.
 */
export async function referenceHashes(cards: CardDto[], onProgress?: (done: number, total: number) => void): Promise<Reference[]> {
  const db = await openDb();
  const missing = cards.filter((c) => !memory.has(keyOf(c)));
  if (db && missing.length > 0) {
    const stored = await readStored(db, missing.map(keyOf));
    for (const [key, hex] of stored) memory.set(key, hex);
  }
  const toHash = cards.filter((c) => !memory.has(keyOf(c)));
  const fresh: [string, string][] = [];
  let done = cards.length - toHash.length;
  onProgress?.(done, cards.length);
  let next = 0;
  const worker = async () => {
    while (next < toHash.length) {
      const card = toHash[next++];
      try {
        const hex = await hashImage(card.smallImageUrl);
        memory.set(keyOf(card), hex);
        fresh.push([keyOf(card), hex]);
      } catch (error) {
        console.warn("Card image could not be hashed", card.name, error);
      }
      onProgress?.(++done, cards.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, toHash.length) }, worker));
  if (db) writeStored(db, fresh);
  return cards.flatMap((c) => {
    const hex = memory.get(keyOf(c));
    return hex ? [{ id: c.id, hashes: { art: hashFromHex(hex) } }] : [];
  });
}

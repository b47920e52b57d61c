/**
 * Over 300 lines: the index file's format, its decoding and its two searches (the scan and the quick search over
 * the parts' tables) share the layout of the hashes and ids; splitting them would spread one format over files.
 */
// The whole-pool index (issue 36): every printing's reference hash in one compact file, built on the server from the
// card service's bulk data and searched in the browser when no deck list names the clicked card. It is one more kind
// of Candidates (match.ts), so the identifier ranks against it exactly as against a table's references.
import { HASH_BITS, type Candidates, type CardHashes, type Ranked } from "./match";
import type { Hash } from "./phash";
import { BITS16, popcount32 } from "./popcount";

/** A printing as the index knows it: enough to name it and to show its picture. */
export type PoolEntry = { id: string; name: string; set: string; collectorNumber: string };
export type PoolRecord = PoolEntry & { hash: Hash };
export type PoolMeta = {
  /** match.ts HASH_VERSION of the hashes inside. */
  hashVersion: string;
  /**
   * Where a printing's picture is: `{size}` (small, normal), `{id}` and its first two characters `{a}`, `{b}`
   * (Scryfall's pattern, https://cards.scryfall.io/{size}/front/{a}/{b}/{id}.jpg), so no address is stored per entry.
   */
  imageTemplate: string;
};

// Layout (little-endian): "RCPI", format 1, the header's length and the header (JSON, padded to 4 bytes), then
// count × words hash words, count × 16 id bytes, and one text block: the distinct names, then one line per entry
// ("nameIndex set number"), "\n"-separated. Hashes and ids are incompressible; the text compresses well.
const MAGIC = 0x49504352; // "RCPI"
const FORMAT = 1;

type Header = PoolMeta & { count: number; words: number; names: number };

function uuidBytes(id: string, out: Uint8Array, at: number): void {
  const hex = id.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${id}`);
  for (let i = 0; i < 16; i++) out[at + i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
function uuidString(bytes: Uint8Array, at: number): string {
  let s = "";
  for (let i = 0; i < 16; i++) {
    s += HEX[bytes[at + i]];
    if (i === 3 || i === 5 || i === 7 || i === 9) s += "-";
  }
  return s;
}

/** The index file of the given printings (their hashes all of one length). */
export function encodePoolIndex(records: PoolRecord[], meta: PoolMeta): Uint8Array {
  const words = records[0]?.hash.length ?? 0;
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const lines: string[] = [];
  for (const record of records) {
    if (record.hash.length !== words) throw new Error("Hashes of different lengths");
    if (/[\n ]/.test(record.set) || /[\n ]/.test(record.collectorNumber) || record.name.includes("\n")) throw new Error("Bad entry text");
    let n = nameIndex.get(record.name);
    if (n === undefined) {
      n = names.length;
      names.push(record.name);
      nameIndex.set(record.name, n);
    }
    lines.push(`${n} ${record.set} ${record.collectorNumber}`);
  }
  const header: Header = { ...meta, count: records.length, words, names: names.length };
  const encoder = new TextEncoder();
  const headerBytes = encoder.encode(JSON.stringify(header));
  const headerPadded = Math.ceil(headerBytes.length / 4) * 4;
  const text = encoder.encode([...names, ...lines].join("\n"));
  const hashOffset = 12 + headerPadded;
  const idOffset = hashOffset + records.length * words * 4;
  const textOffset = idOffset + records.length * 16;
  const out = new Uint8Array(textOffset + text.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  records.forEach((record, i) => {
    for (let w = 0; w < words; w++) view.setUint32(hashOffset + (i * words + w) * 4, record.hash[w], true);
    uuidBytes(record.id, out, idOffset + i * 16);
  });
  out.set(text, textOffset);
  return out;
}

/**
 * The quick search's parts (multi-index hashing, Norouzi, Punjani and Fleet 2012): the hash cut into 16-bit parts,
 * each with a table from its value to the printings that have it. A printing within `PARTS × (PROBE + 1) − 1`
 * bits of a query agrees with it within PROBE bits on at least one part (pigeonhole), so probing every part's
 * values within PROBE bits of the query's finds every printing within that distance: 9 parts, PROBE 2, exact
 * within 26 bits (a right card's photo lies 4–20 bits from its reference, MATCH_THRESHOLD is 32), 137 values a
 * part. Farther printings are found when they happen to agree on a part (most do within 32 bits).
 */
const PART_BITS = 16;
const PROBE = 2;
/** The values within PROBE bits of 0 (XOR masks), the query's own first. */
const PROBE_MASKS = (() => {
  const masks = [0];
  if (PROBE >= 1) for (let i = 0; i < PART_BITS; i++) masks.push(1 << i);
  if (PROBE >= 2) for (let i = 0; i < PART_BITS; i++) for (let j = i + 1; j < PART_BITS; j++) masks.push((1 << i) | (1 << j));
  return Uint32Array.from(masks);
})();

/** Bits apart between the query and the printing whose hash starts at `o` (the scan's and the quick search's one measure). */
function distanceAt(h: ArrayLike<number>, o: number, q: ArrayLike<number>, words: number): number {
  let d = 0;
  for (let w = 0; w < words; w++) d += popcount32((h[o + w] ^ q[w]) >>> 0);
  return d;
}

/** Keeps printing `i` among the best so far (parallel arrays sorted by distance, a handful long) when it is nearer. */
function keepBest(bestD: number[], bestI: number[], d: number, i: number): void {
  if (d >= bestD[bestD.length - 1]) return;
  let k = bestD.length - 1;
  while (k > 0 && bestD[k - 1] > d) {
    bestD[k] = bestD[k - 1];
    bestI[k] = bestI[k - 1];
    k--;
  }
  bestD[k] = d;
  bestI[k] = i;
}

/**
 * A part's table: the printings by their part's value (offsets[v]..offsets[v + 1] in `entries`), and a bit a value
 * set when any printing has it (8 KB a part, read first: a third of the values probed have none, and the bits stay
 * in the processor's cache where the offsets do not).
 */
type PartTable = { offsets: Uint32Array; entries: Uint32Array; filled: Uint32Array };

const partOf = (hash: ArrayLike<number>, at: number, part: number) => (hash[at + (part >> 1)] >>> ((part & 1) * PART_BITS)) & 0xffff;

/** A decoded index: Candidates over every printing, and each printing's name, set, number and picture. */
export class PoolIndex implements Candidates {
  readonly size: number;
  readonly hashVersion: string;
  readonly imageTemplate: string;
  private readonly words: number;
  private readonly hashes: Uint32Array;
  private readonly ids: Uint8Array;
  private readonly textBytes: Uint8Array;
  private readonly nameCount: number;
  private text: string[] | null = null;
  private byId: Map<string, number> | null = null;
  /** Printings the searches have named, by id (what `hashesOf` is asked about), before `byId` is built. */
  private readonly seen = new Map<string, number>();
  private parts: PartTable[] | null = null;
  /** Per printing, the last quick search that looked at it (so each is measured once a search). */
  private visited: Uint8Array | null = null;
  private search = 0;
  /** The quick search's scratch list of the printings its probes meet. */
  private met = new Uint32Array(4096);
  private readonly spans = new Uint32Array(2 * PROBE_MASKS.length);

  private constructor(header: Header, hashes: Uint32Array, ids: Uint8Array, text: Uint8Array) {
    this.size = header.count;
    this.words = header.words;
    this.hashVersion = header.hashVersion;
    this.imageTemplate = header.imageTemplate;
    this.nameCount = header.names;
    this.hashes = hashes;
    this.ids = ids;
    this.textBytes = text;
  }

  /** Reads an index file (throws on anything that is not one). */
  static decode(bytes: Uint8Array): PoolIndex {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error("Not a card pool index");
    if (view.getUint32(4, true) !== FORMAT) throw new Error("A card pool index of another format");
    const headerLength = view.getUint32(8, true);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as Header;
    const hashOffset = 12 + Math.ceil(headerLength / 4) * 4;
    const idOffset = hashOffset + header.count * header.words * 4;
    const textOffset = idOffset + header.count * 16;
    if (textOffset > bytes.byteLength) throw new Error("A card pool index cut short");
    // Copied out, so the words are aligned whatever buffer the bytes came in.
    const hashes = new Uint32Array(header.count * header.words);
    for (let i = 0; i < hashes.length; i++) hashes[i] = view.getUint32(hashOffset + i * 4, true);
    return new PoolIndex(header, hashes, bytes.subarray(idOffset, textOffset), bytes.subarray(textOffset));
  }

  /** The `count` nearest printings, best first: a linear scan (100,000 printings in a few milliseconds). */
  rank(query: CardHashes, count: number): Ranked[] {
    const q = query.art;
    const words = this.words;
    const h = this.hashes;
    // The best `count` so far, sorted by distance, as parallel arrays (count is small: five).
    const bestD = new Array<number>(count).fill(Infinity);
    const bestI = new Array<number>(count).fill(-1);
    for (let i = 0, o = 0; i < this.size; i++, o += words) {
      keepBest(bestD, bestI, distanceAt(h, o, q, words), i);
    }
    return this.named(bestI, bestD);
  }

  /**
   * The quick search (the identifier's first look, tens of outlines a click): the nearest printings among those
   * agreeing with the query within PROBE bits on some part of the hash. Exact for every printing within 26 bits
   * (see PART_BITS); one may miss a farther one that `rank` finds. About a hundredth of a linear scan's time.
   */
  near(query: CardHashes, count: number): Ranked[] {
    if (count <= 0) return [];
    const parts = (this.parts ??= this.partTables());
    const visited = (this.visited ??= new Uint8Array(this.size));
    // A byte a printing, stamped with the search's number (a quarter of a word's memory: the stamps a search reads
    // and writes at random stay in the processor's cache); cleared once every 255 searches.
    if (++this.search === 0x100) {
      visited.fill(0);
      this.search = 1;
    }
    const stamp = this.search;
    const q = query.art;
    const words = this.words;
    const h = this.hashes;
    const bestD = new Array<number>(count).fill(Infinity);
    const bestI = new Array<number>(count).fill(-1);
    const last = count - 1;
    // The printings in the order the parts' tables list them (the order decides between equally near ones),
    // each measured once; a printing's distance stops being counted once it is no nearer than the kept last.
    const q0 = q[0] | 0;
    const q1 = words > 1 ? q[1] | 0 : 0;
    const q2 = words > 2 ? q[2] | 0 : 0;
    const q3 = words > 3 ? q[3] | 0 : 0;
    const q4 = words > 4 ? q[4] | 0 : 0;
    const fast = words === 5;
    const bits = BITS16;
    // First the printings the probes list, in order (the tables' reads independent of each other), then their
    // distances: the processor overlaps the scattered reads of each phase instead of waiting on each in turn.
    let met = this.met;
    let n = 0;
    const spans = this.spans;
    let s = 0;
    for (let p = 0; p < parts.length; p++) {
      const { offsets, entries, filled } = parts[p];
      const key = partOf(q, 0, p);
      for (let m = 0; m < PROBE_MASKS.length; m++) {
        const v = key ^ PROBE_MASKS[m];
        if ((filled[v >>> 5] & (1 << (v & 31))) === 0) continue;
        spans[s++] = offsets[v];
        spans[s++] = offsets[v + 1];
      }
      for (let t = 0; t < s; t += 2) {
        const start = spans[t];
        const end = spans[t + 1];
        if (n + end - start > met.length) {
          const grown = new Uint32Array(Math.max(met.length * 2, n + end - start));
          grown.set(met.subarray(0, n));
          met = this.met = grown;
        }
        for (let j = start; j < end; j++) met[n++] = entries[j];
      }
      s = 0;
    }
    for (let k = 0; k < n; k++) {
      const i = met[k];
      if (visited[i] === stamp) continue;
      visited[i] = stamp;
      let d: number;
      if (fast) {
        const bound = bestD[last];
        const o = i * 5;
        let x = h[o] ^ q0;
        d = bits[x & 0xffff] + bits[x >>> 16];
        x = h[o + 1] ^ q1;
        d += bits[x & 0xffff] + bits[x >>> 16];
        if (d >= bound) continue;
        x = h[o + 2] ^ q2;
        d += bits[x & 0xffff] + bits[x >>> 16];
        x = h[o + 3] ^ q3;
        d += bits[x & 0xffff] + bits[x >>> 16];
        if (d >= bound) continue;
        x = h[o + 4] ^ q4;
        d += bits[x & 0xffff] + bits[x >>> 16];
      } else d = distanceAt(h, i * words, q, words);
      keepBest(bestD, bestI, d, i);
    }
    return this.named(bestI, bestD);
  }

  /** A printing's hashes by id (the identifier's second look measures its nudges against the few it found). */
  hashesOf(id: string): CardHashes | undefined {
    const i = this.seen.get(id) ?? this.indexOf(id);
    if (i === undefined) return undefined;
    return { art: this.hashes.subarray(i * this.words, (i + 1) * this.words) };
  }

  private named(indices: number[], distances: number[]): Ranked[] {
    return indices.flatMap((i, k) => {
      if (i < 0) return [];
      const id = this.idAt(i);
      this.seen.set(id, i);
      return [{ id, distance: distances[k] }];
    });
  }

  /** The parts' tables (built on the first quick search: ~10 ms and 4 bytes a printing a part for 100,000). */
  private partTables(): PartTable[] {
    const count = Math.ceil(Math.min(this.words * 32, HASH_BITS) / PART_BITS);
    const tables: PartTable[] = [];
    for (let p = 0; p < count; p++) {
      const offsets = new Uint32Array((1 << PART_BITS) + 1);
      for (let i = 0; i < this.size; i++) offsets[partOf(this.hashes, i * this.words, p) + 1]++;
      for (let v = 0; v < 1 << PART_BITS; v++) offsets[v + 1] += offsets[v];
      const next = offsets.slice(0, -1);
      const entries = new Uint32Array(this.size);
      for (let i = 0; i < this.size; i++) entries[next[partOf(this.hashes, i * this.words, p)]++] = i;
      const filled = new Uint32Array((1 << PART_BITS) / 32);
      for (let v = 0; v < 1 << PART_BITS; v++) if (offsets[v + 1] > offsets[v]) filled[v >>> 5] |= 1 << (v & 31);
      tables.push({ offsets, entries, filled });
    }
    return tables;
  }

  private idAt(i: number): string {
    return uuidString(this.ids, i * 16);
  }

  private indexOf(id: string): number | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (let i = 0; i < this.size; i++) this.byId.set(this.idAt(i), i);
    }
    return this.byId.get(id);
  }

  /** The printing with this id, or null. */
  entry(id: string): PoolEntry | null {
    const i = this.seen.get(id) ?? this.indexOf(id);
    if (i === undefined) return null;
    this.text ??= new TextDecoder().decode(this.textBytes).split("\n");
    const [nameIndex, set, collectorNumber] = this.text[this.nameCount + i].split(" ");
    return { id, name: this.text[Number(nameIndex)], set, collectorNumber };
  }

  /** The card a printing is of (its name): the identifier's match must stand clear of other cards, not reprints. */
  cardOf(id: string): string | undefined {
    return this.entry(id)?.name;
  }

  /** A printing's picture: `small` (146×204) or `normal` (488×680). */
  imageUrl(id: string, size: "small" | "normal"): string {
    return this.imageTemplate.replace("{size}", size).replace("{a}", id[0]).replace("{b}", id[1]).replace("{id}", id);
  }
}

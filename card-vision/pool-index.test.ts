import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { seeded } from "./features";
import { HASH_BITS, HASH_VERSION, rank, type Reference } from "./match";
import { PoolIndex, encodePoolIndex, type PoolRecord } from "./pool-index";

const WORDS = Math.ceil(HASH_BITS / 32);

/**
 * This thread's CPU milliseconds so far: what a search costs, whatever the shared machine's load. The thread's own
 * (Node 23.9+), not the process's: other test files run in the same process's other threads and would count.
 */
const cpuMs = () => {
  const own = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  const used = own ? own.call(process) : process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** card-vision's seeded generator as 32-bit integers, so the synthetic pool is the same every run. */
function random(seed: number) {
  const next = seeded(seed);
  return () => next() * 2 ** 32;
}

/** `count` printings with random 143-bit hashes, names shared by a few printings each, Scryfall-like ids and sets. */
function syntheticPool(count: number, seed = 36): PoolRecord[] {
  const next = random(seed);
  const hex = (n: number) => next().toString(16).padStart(8, "0").slice(0, n);
  return Array.from({ length: count }, (_, i) => {
    const hash = new Uint32Array(WORDS);
    for (let w = 0; w < WORDS; w++) hash[w] = next();
    hash[WORDS - 1] &= (1 << (HASH_BITS % 32)) - 1;
    const id = `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(8)}${hex(4)}`;
    return { id, hash, name: `Card ${Math.floor(i / 3)}`, set: `s${(i % 700).toString(36)}`, collectorNumber: String(1 + (i % 400)) };
  });
}

const meta = { hashVersion: HASH_VERSION, imageTemplate: "https://cards.example/{size}/front/{a}/{b}/{id}.jpg" };

describe("the whole-pool index", () => {
  it("round-trips every printing and ranks as a plain scan of the same references does", () => {
    const records = syntheticPool(2_000, 7);
    const index = PoolIndex.decode(encodePoolIndex(records, meta));
    expect(index.size).toBe(2_000);
    expect(index.hashVersion).toBe(HASH_VERSION);
    expect(index.entry(records[1234].id)).toEqual({
      id: records[1234].id,
      name: records[1234].name,
      set: records[1234].set,
      collectorNumber: records[1234].collectorNumber,
    });
    expect(index.entry("00000000-0000-4000-a000-000000000000")).toBeNull();
    expect(index.imageUrl(records[0].id, "small")).toBe(
      `https://cards.example/small/front/${records[0].id[0]}/${records[0].id[1]}/${records[0].id}.jpg`,
    );
    const references: Reference[] = records.map((r) => ({ id: r.id, hashes: { art: r.hash } }));
    for (const probe of [records[5], records[1999], records[640]]) {
      // A photo of the card: its hash with 20 bits flipped.
      const art = Uint32Array.from(probe.hash);
      for (let b = 0; b < 20; b++) art[(b * 7) >> 5] ^= 1 << ((b * 7) & 31);
      const ranked = index.rank({ art }, 5);
      expect(ranked[0]).toEqual({ id: probe.id, distance: 20 });
      expect(ranked.map((r) => r.distance)).toEqual(rank({ art }, references, 5).map((r) => r.distance));
    }
  });

  it("finds by its quick search (parts of the hash) every printing the scan finds within 26 bits, and says hashes and cards by id", () => {
    const records = syntheticPool(20_000, 11);
    const index = PoolIndex.decode(encodePoolIndex(records, meta));
    const next = random(5);
    for (let n = 0; n < 40; n++) {
      const probe = records[next() % records.length];
      // A photo of the card: its hash with 0–26 bits flipped at random (the quick search is exact within 26).
      const art = Uint32Array.from(probe.hash);
      const flips = new Set<number>();
      while (flips.size < n % 27) flips.add(next() % HASH_BITS);
      for (const b of flips) art[b >> 5] ^= 1 << (b & 31);
      const quick = index.near!({ art }, 3);
      expect(quick[0]).toEqual({ id: probe.id, distance: flips.size });
      expect(quick[0]).toEqual(index.rank({ art }, 3)[0]);
    }
    const some = records[777];
    expect(Array.from(index.hashesOf!(some.id)!.art)).toEqual(Array.from(some.hash));
    expect(index.hashesOf!("00000000-0000-4000-a000-000000000000")).toBeUndefined();
    // Printings of one card share its name: the match must stand clear of other cards, not of its reprints.
    expect(index.cardOf!(records[777].id)).toBe(records[777].name);
    expect(index.cardOf!(records[778].id)).toBe(index.cardOf!(records[777].id));
  });

  it("finds by its quick search the printings a plain probe of the parts finds, ties in the order probed, search after search", () => {
    // Printings in families (a few bits from one of a few hashes), so many lie at equal distances from a query.
    const records = syntheticPool(3_000, 19);
    const next = random(23);
    const bases = records.slice(0, 8).map((r) => r.hash);
    records.forEach((r, i) => {
      if (i < 8 || i % 3 === 0) return;
      r.hash = Uint32Array.from(bases[i % 8]);
      for (let f = 0; f < 6; f++) {
        const b = next() % HASH_BITS;
        r.hash[b >> 5] ^= 1 << (b & 31);
      }
    });
    const index = PoolIndex.decode(encodePoolIndex(records, meta));
    // The probe the quick search stands for, written plainly: each 16-bit part's values within 2 bits of the
    // query's (the query's own first, then one bit flipped, then two), each value's printings in file order; a
    // printing counted where first met; the nearest kept, the first met first among equals.
    const partOf = (h: Uint32Array, p: number) => (h[p >> 1] >>> ((p & 1) * 16)) & 0xffff;
    const masks = [0];
    for (let i = 0; i < 16; i++) masks.push(1 << i);
    for (let i = 0; i < 16; i++) for (let j = i + 1; j < 16; j++) masks.push((1 << i) | (1 << j));
    const parts = Math.ceil(HASH_BITS / 16);
    const byValue = Array.from({ length: parts }, (_, p) => {
      const map = new Map<number, number[]>();
      records.forEach((r, i) => map.set(partOf(r.hash, p), [...(map.get(partOf(r.hash, p)) ?? []), i]));
      return map;
    });
    const plainProbe = (art: Uint32Array, count: number) => {
      const met: number[] = [];
      const seen = new Set<number>();
      for (let p = 0; p < parts; p++)
        for (const m of masks) for (const i of byValue[p].get(partOf(art, p) ^ m) ?? []) if (!seen.has(i)) seen.add(i) && met.push(i);
      const scored = met.map((i, order) => ({
        i,
        order,
        d: rank({ art }, [{ id: "x", hashes: { art: records[i].hash } }], 1)[0].distance,
      }));
      scored.sort((a, b) => a.d - b.d || a.order - b.order);
      return scored.slice(0, count).map(({ i, d }) => ({ id: records[i].id, distance: d }));
    };
    // Past 255 searches: the per-search stamps start again.
    for (let n = 0; n < 600; n++) {
      const art = Uint32Array.from(bases[n % 8]);
      for (let f = 0; f < n % 30; f++) {
        const b = next() % HASH_BITS;
        art[b >> 5] ^= 1 << (b & 31);
      }
      const count = 1 + (n % 5);
      expect(index.near!({ art }, count)).toEqual(plainProbe(art, count));
    }
  });

  it("refuses a file that is not an index", () => {
    expect(() => PoolIndex.decode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))).toThrow("Not a card pool index");
  });

  it("holds 100,000 printings in a few megabytes and searches them within the click's budget", () => {
    const records = syntheticPool(100_000);
    const bytes = encodePoolIndex(records, meta);
    const gzip = gzipSync(bytes).length;
    const started = performance.now();
    const index = PoolIndex.decode(bytes);
    const decodeMs = performance.now() - started;
    // A click ranks both ways up for each place the locator offers (up to three): six searches.
    const probes = Array.from({ length: 30 }, (_, i) => ({ art: records[i * 3001].hash }));
    const t = cpuMs();
    for (const probe of probes) expect(index.rank(probe, 5)[0].distance).toBe(0);
    const perSearch = (cpuMs() - t) / probes.length;
    // The quick search (the identifier's first look, tens a click): its tables built on the first, then per search.
    const built = cpuMs();
    index.near!(probes[0], 3);
    const buildMs = cpuMs() - built;
    const q = cpuMs();
    for (const probe of probes) expect(index.near!(probe, 3)[0].distance).toBe(0);
    const perQuick = (cpuMs() - q) / probes.length;
    console.log(
      `pool index, 100,000 printings: ${bytes.length} bytes, ${gzip} gzip, decoded in ${decodeMs.toFixed(1)} ms, ${perSearch.toFixed(2)} ms of CPU a search; quick search ${perQuick.toFixed(2)} ms (its tables built in ${buildMs.toFixed(0)} ms)`,
    );
    // 20 bytes of hash and 16 of id a printing, and its text: about 5.3 MB, gzip ~4.2 MB (hashes and ids are random).
    expect(bytes.length).toBeLessThan(6_000_000);
    // A full search stays a few milliseconds of CPU (the final ranking, once a click), the quick one well under one
    // (tens a click, within the 300 ms budget); generous bounds for a loaded shared machine.
    expect(perSearch).toBeLessThan(25);
    expect(perQuick).toBeLessThan(3);
  });
});

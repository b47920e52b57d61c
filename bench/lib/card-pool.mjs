// The click-to-identify benchmark's whole pool (bench/card-identify.mjs --pool N): the 400 fixture cards among
// N − 400 other printings drawn the fixture cards' way (card-art.mjs, each with art of its own from its id), in the
// whole-pool index's own format (card-vision/pool-index.ts), so a click is searched as the room's page searches
// the index built from the card service's bulk file. Drawing and hashing 100,000 pictures takes a few minutes, so
// their hashes are kept in the system's temporary folder, one file per hash version and size.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderCardRgba } from "../../scripts/fakes/card-art.mjs";

/** A printing id of the bench's pool (UUID-shaped, as the index stores ids): drawn printing n's. */
export const poolId = (n) => `b0000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** Drawn printing n's picture, `width` pixels wide: the one way the pool's drawn printings look. */
const drawPrinting = (n, width) => renderCardRgba({ id: poolId(n), name: `Pool card ${n}` }, width);

/** The picture of the drawn printing with this id, `width` pixels wide, or null for any other id (a reference, a scan). */
export function drawnPrintingPicture(id, width) {
  const n = parseInt(id.slice(-12), 16);
  return Number.isInteger(n) && poolId(n) === id ? drawPrinting(n, width) : null;
}

/** The hashes of `count` drawn printings: from the temporary folder when made before, else drawn and kept there. */
function poolHashes(lib, count, log) {
  const words = Math.ceil(lib.HASH_BITS / 32);
  const file = join(tmpdir(), `realmcast-bench-pool-${lib.HASH_VERSION}-${count}.bin`);
  // Printing n is drawn from its id alone, so a kept file of as many printings or more serves (its first `count`):
  // real scans taking some drawn places do not draw the rest again.
  const prefix = `realmcast-bench-pool-${lib.HASH_VERSION}-`;
  const kept = readdirSync(tmpdir())
    .filter((f) => f.startsWith(prefix) && f.endsWith(".bin"))
    .map((f) => ({ path: join(tmpdir(), f), n: Number(f.slice(prefix.length, -4)) }))
    .filter((k) => Number.isInteger(k.n) && k.n >= count)
    .sort((a, b) => a.n - b.n);
  for (const k of kept) {
    const bytes = readFileSync(k.path);
    if (bytes.length === k.n * words * 4)
      return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + count * words * 4));
  }
  log(`  drawing and hashing ${count} printings for the whole pool (kept in ${file} for the next run)…`);
  const hashes = new Uint32Array(count * words);
  const started = performance.now();
  for (let n = 0; n < count; n++) {
    // The small picture (146 px wide), as references are made from Scryfall's small image.
    const picture = drawPrinting(n, 146);
    hashes.set(lib.hashCard(lib.canonicalFromImage(lib.toGray(picture))).art, n * words);
    if (n > 0 && n % 20_000 === 0) log(`    ${n} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  writeFileSync(file, new Uint8Array(hashes.buffer));
  return hashes;
}

/** A real scan's printing id in the bench's pool (drawn printings' ids start with b, real scans' with d). */
export const scanPoolId = (n) => `d0000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
/** Whether a pool printing is one of CARD_POOL_SCANS_DIR's real scans. */
export const isScanPoolId = (id) => id.startsWith("d0000000-");

/**
 * A whole-pool index of `size` printings: the references given (the fixture cards) and drawn ones, encoded and
 * decoded as the browser gets it. `scans` (real card scans: `{ hash, name }`, bench/lib/card-scans.mjs) join it
 * before the drawn ones and take their places. `without(ids)` is the same pool less those printings (a card in no
 * index: anything named is wrong).
 */
export function benchPool(lib, references, size, log = console.log, drawn = size - references.length, scans = []) {
  const words = Math.ceil(lib.HASH_BITS / 32);
  // How many drawn printings join the references (by default, enough to make `size`; the real photographs' few
  // references join the synthetic frames' drawn printings, so the kept hashes serve both).
  const extra = Math.max(0, drawn - scans.length);
  const hashes = poolHashes(lib, extra, log);
  const records = [
    ...references.map((r) => ({ id: r.id, hash: r.hashes.art, name: r.card ?? r.id, set: "fix", collectorNumber: "1" })),
    ...scans.map((s, n) => ({ id: scanPoolId(n), hash: s.hash, name: s.name, set: "scan", collectorNumber: String(n + 1) })),
    ...Array.from({ length: extra }, (_, n) => ({
      id: poolId(n),
      hash: hashes.subarray(n * words, (n + 1) * words),
      name: `Pool card ${n}`,
      set: `p${(n % 700).toString(36)}`,
      collectorNumber: String(1 + (n % 400)),
    })),
  ];
  const bytes = lib.encodePoolIndex(records, { hashVersion: lib.HASH_VERSION, imageTemplate: "https://cards.example/{size}/{id}.jpg" });
  const index = lib.PoolIndex.decode(bytes);
  const without = (ids) => {
    const gone = new Set(Array.isArray(ids) ? ids : [ids]);
    return {
      size: index.size - gone.size,
      rank: (query, count) =>
        index
          .rank(query, count + gone.size)
          .filter((r) => !gone.has(r.id))
          .slice(0, count),
      near: (query, count) =>
        index
          .near(query, count + gone.size)
          .filter((r) => !gone.has(r.id))
          .slice(0, count),
      hashesOf: (other) => (gone.has(other) ? undefined : index.hashesOf(other)),
      cardOf: (other) => index.cardOf(other),
    };
  };
  return { index, bytes, without, scans: scans.length, drawn: extra };
}

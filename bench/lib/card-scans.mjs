// Real card scans for the click-to-identify bench (issue 36): clean pictures of whole cards, upright, as the card
// service serves them, read from folders outside the repository (they are Wizards of the Coast's images). Two uses:
// a real-photograph manifest's reference may name its card's scan (`scan`, bench/lib/card-photos.mjs), and
// CARD_POOL_SCANS_DIR's scans join the whole pool as real distractors (bench/lib/card-pool.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, extname, join, resolve } from "node:path";

/** The width references are made at: Scryfall's "small" image (146×204), as the server hashes a printing. */
export const SCAN_WIDTH = 146;

/**
 * A scan as RGBA at the small image's width, scaled by ffmpeg's area filter (as a downscaled JPEG is, not by
 * dropping pixels), so a 672×936 scan is hashed as its 146×204 picture would be.
 */
export function readScan(path, width = SCAN_WIDTH) {
  const out = spawnSync(
    "ffmpeg",
    ["-v", "error", "-i", path, "-frames:v", "1", "-vf", `scale=${width}:-2:flags=area`, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
    { maxBuffer: 1 << 28 },
  );
  if (out.status !== 0) throw new Error(`Cannot decode ${path}: ${out.stderr}`);
  const height = out.stdout.length / (width * 4);
  if (!Number.isInteger(height) || height === 0) throw new Error(`Cannot decode ${path}: ${out.stdout.length} bytes`);
  return { width, height, data: new Uint8ClampedArray(out.stdout.buffer, out.stdout.byteOffset, width * height * 4) };
}

/**
 * Many scans at once, each as RGBA of the small image's size (146×204: every card is 63×88 mm): one ffmpeg run per
 * kind of file reads them all through its concat demuxer (one decoder for the run, so JPEGs and PNGs apart), as one
 * process per picture costs seconds each on a busy machine.
 */
export function readScans(files) {
  const height = Math.round((SCAN_WIDTH * 88) / 63 / 2) * 2;
  const size = SCAN_WIDTH * height * 4;
  const images = new Array(files.length);
  const kinds = new Map();
  files.forEach((f, n) => {
    const kind = extname(f).toLowerCase().replace("jpeg", "jpg");
    kinds.set(kind, [...(kinds.get(kind) ?? []), n]);
  });
  for (const indices of kinds.values()) {
    const list = join(tmpdir(), `realmcast-bench-scans-${process.pid}.txt`);
    writeFileSync(list, indices.map((n) => `file '${resolve(files[n]).replace(/'/g, "'\\''")}'\n`).join(""));
    const out = spawnSync(
      "ffmpeg",
      [
        "-v",
        "error",
        "-f",
        "concat",
        "-safe",
        "0",
        "-i",
        list,
        "-vf",
        `scale=${SCAN_WIDTH}:${height}:flags=area`,
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgba",
        "-",
      ],
      { maxBuffer: 1 << 30 },
    );
    rmSync(list, { force: true });
    if (out.status !== 0 || out.stdout.length !== size * indices.length)
      throw new Error(`Cannot decode the scans (${out.stdout.length} bytes for ${indices.length}): ${out.stderr}`);
    indices.forEach((n, k) => {
      images[n] = { width: SCAN_WIDTH, height, data: new Uint8ClampedArray(out.stdout.buffer, out.stdout.byteOffset + k * size, size) };
    });
  }
  return images;
}

/** A scan's reference hashes, made the server's way: the whole card, upright, no outline to find. */
export function hashScan(lib, path) {
  return lib.hashCard(lib.canonicalFromImage(lib.toGray(readScan(path))));
}

/**
 * The card's name from a scan's file name, for the folders' two naming schemes: `<number>_<uuid>_<Name>.jpg` and
 * `<Name>__<SET>_<number>_<kind>_<n>.jpg`; any other file is named by its base name.
 */
export function scanName(file) {
  const stem = basename(file, extname(file));
  if (stem.includes("__")) return stem.slice(0, stem.indexOf("__")).trim();
  const m = /^\d+[a-z]?_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_(.+)$/i.exec(stem);
  return (m ? m[1] : stem).trim();
}

const IMAGE = /\.(jpe?g|png|webp)$/i;

/** Every image file under the folders (":"-separated), sorted, so the same folders give the same pool. */
export function listScans(dirs) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else if (IMAGE.test(name) && stat.size > 0) files.push(path);
    }
  };
  for (const dir of dirs.split(":").filter(Boolean)) walk(dir);
  return files;
}

/**
 * The art hashes of `files`, kept in the system's temporary folder between runs, one entry per file and size (so
 * any subset of the folders costs nothing the second time: decoding a few thousand pictures through ffmpeg takes
 * minutes).
 */
export function scanHashes(lib, files, log = console.log) {
  const words = Math.ceil(lib.HASH_BITS / 32);
  const cache = join(tmpdir(), `realmcast-bench-scans-${lib.HASH_VERSION}.json`);
  const kept = existsSync(cache) ? JSON.parse(readFileSync(cache, "utf8")) : {};
  const keyOf = (file) => `${resolve(file)}:${statSync(file).size}`;
  const missing = files.filter((f) => !kept[keyOf(f)]);
  if (missing.length > 0) {
    log(`  hashing ${missing.length} real card scans (kept in ${cache} for the next run)…`);
    for (let at = 0; at < missing.length; at += 100) {
      const chunk = missing.slice(at, at + 100);
      readScans(chunk).forEach(
        (rgba, n) => (kept[keyOf(chunk[n])] = lib.hashToHex(lib.hashCard(lib.canonicalFromImage(lib.toGray(rgba))).art)),
      );
      writeFileSync(cache, JSON.stringify(kept));
    }
  }
  const hashes = new Uint32Array(files.length * words);
  files.forEach((file, n) => hashes.set(lib.hashFromHex(kept[keyOf(file)]), n * words));
  return hashes;
}

/**
 * CARD_POOL_SCANS_DIR's real scans for the whole pool (`{ file, name, hash }`), less the files given (a photo set's
 * own reference scans, which are in the pool already as its references); none when it is unset.
 */
export function poolScans(lib, exclude = [], log = console.log, dirs = process.env.CARD_POOL_SCANS_DIR) {
  if (!dirs) return [];
  const own = new Set(exclude.map((f) => resolve(f)));
  const files = listScans(dirs).filter((f) => !own.has(resolve(f)));
  const words = Math.ceil(lib.HASH_BITS / 32);
  const hashes = scanHashes(lib, files, log);
  return files.map((file, n) => ({ file, name: scanName(file), hash: hashes.subarray(n * words, (n + 1) * words) }));
}

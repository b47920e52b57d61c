// The click-to-identify benchmark's real photographs (bench/card-identify.mjs, CARD_PHOTOS_DIR): the manifest's
// references as the deck, its clicks as the questions (format in the README, "Click a card to identify it").
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodePng } from "../../scripts/fakes/card-art.mjs";
import { drawQuad, readImage } from "./card-media.mjs";
import { benchPool } from "./card-pool.mjs";
import { featuresOn, poolFeatures, withFeatures } from "./card-features.mjs";

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;
}

function timed(fn) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return { result, wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

/**
 * Runs every click of `dir`/manifest.json through `lib.identify` and prints right / wrong / no match: against the
 * manifest's references (a deck list), and with `options.poolSize`, against them among that many printings in a
 * whole-pool index (bench/lib/card-pool.mjs).
 */
export function measurePhotos(lib, dir, identifyOptions, options) {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const refs = manifest.references.map((r) => {
    const image = readImage(join(dir, r.image));
    const gray = lib.toGray(image);
    const card = r.quad
      ? lib.warpQuad(
          gray,
          r.quad.map(([x, y]) => ({ x, y })),
        )
      : lib.canonicalFromImage(gray);
    return { id: r.id, hashes: lib.hashCard(card), card: r.name, features: featuresOn ? lib.referenceFeatures(card) : undefined };
  });
  const featuresById = new Map(refs.map((r) => [r.id, r.features]));
  const refFeatures = featuresOn ? (id) => featuresById.get(id) : undefined;
  measureWith(
    lib,
    dir,
    manifest,
    "the manifest's references",
    {
      all: lib.referenceSet(refs, refFeatures),
      without: (id) =>
        lib.referenceSet(
          refs.filter((ref) => ref.id !== id),
          refFeatures,
        ),
      idOf: (id) => id,
    },
    identifyOptions,
    options,
  );
  if (!options.poolSize) return;
  // The pool index keeps UUIDs: the references get ones of their own.
  const uuid = (n) => `c0000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
  const toUuid = new Map(refs.map((r, n) => [r.id, uuid(n)]));
  const fromUuid = new Map(refs.map((r, n) => [uuid(n), r.id]));
  const pool = benchPool(
    lib,
    refs.map((r) => ({ ...r, id: toUuid.get(r.id) })),
    options.poolSize,
    console.log,
    options.poolDrawn,
  );
  const uuidFeatures = poolFeatures(lib, (id) => featuresById.get(fromUuid.get(id)));
  measureWith(
    lib,
    dir,
    manifest,
    `the whole pool (${pool.index.size} printings)`,
    {
      all: withFeatures(pool.index, uuidFeatures),
      without: (id) => withFeatures(pool.without(toUuid.get(id)), (other) => (other === toUuid.get(id) ? undefined : uuidFeatures(other))),
      idOf: (id) => fromUuid.get(id) ?? id,
    },
    identifyOptions,
    options,
  );
}

function measureWith(lib, dir, manifest, label, set, identifyOptions, options) {
  const refNames = new Map(manifest.references.map((r) => [r.id, r.name]));
  const images = new Map();
  const tally = () => ({ n: 0, right: 0, wrong: 0, none: 0 });
  const all = tally();
  const big = tally();
  const bigSleeved = tally();
  const absent = tally();
  const absentNearest = [];
  const cpu = [];
  const lines = [];
  for (const c of manifest.clicks) {
    if (!images.has(c.photo)) images.set(c.photo, readImage(join(dir, c.photo)));
    const image = images.get(c.photo);
    const t = timed(() => lib.identify(image, { x: c.x, y: c.y }, set.all, identifyOptions));
    cpu.push(t.cpu);
    const r = t.result;
    const matched = r.match ? set.idOf(r.match.id) : null;
    const nearest = r.ranked[0] ? set.idOf(r.ranked[0].id) : null;
    const outcome = c.card && matched === c.card ? "right" : r.match ? "wrong" : "none";
    for (const bucket of [all, c.height >= 0.25 ? big : null, c.height >= 0.25 && c.sleeved ? bigSleeved : null]) {
      if (!bucket) continue;
      bucket.n++;
      bucket[outcome]++;
    }
    if (c.card) {
      const without = lib.identify(image, { x: c.x, y: c.y }, set.without(c.card), {
        ...identifyOptions,
        count: 1,
      });
      absent.n++;
      if (without.match) absent.wrong++;
      absentNearest.push(without.ranked[0]?.distance);
    }
    lines.push(
      `    ${c.photo} (${c.x}, ${c.y}) ${refNames.get(c.card) ?? c.card}: ${outcome}${r.match ? ` (${refNames.get(matched) ?? matched}, ${r.match.distance}${r.source === "keypoints" ? ", by keypoints" : ""})` : ` (nearest ${refNames.get(nearest) ?? nearest}, ${r.ranked[0]?.distance}, steady ${r.steadiness}, margin ${r.margin})`}` +
        (r.verified
          ? ` [fit ${refNames.get(set.idOf(r.verified.id)) ?? r.verified.id} ${r.verified.inliers} vs ${r.verified.otherInliers}, ${r.verified.fitted} fitted]`
          : "") +
        ` ${t.cpu.toFixed(0)} ms`,
    );
    if (options.save) {
      mkdirSync(options.save, { recursive: true });
      const copy = { ...image, data: new Uint8ClampedArray(image.data) };
      drawQuad(copy, r.quad);
      writeFileSync(
        join(options.save, `photo-${label.split(" ")[1]}-${c.photo.replace(/\W+/g, "_")}-${Math.round(c.x)}-${outcome}.png`),
        encodePng(copy),
      );
    }
  }
  cpu.sort((a, b) => a - b);
  const show = (what, b) => console.log(`  ${what.padEnd(34)} ${b.right}/${b.n} right, ${b.wrong} wrong, ${b.none} no match`);
  console.log(
    `Real photographs against ${label} (${manifest.clicks.length} clicks on ${images.size} photos, ${manifest.references.length} references; ${manifest.source ?? dir}):`,
  );
  show("all clicks", all);
  show("card ≥ 25% of the frame high", big);
  show("sleeved and ≥ 25% high", bigSleeved);
  absentNearest.sort((a, b) => a - b);
  console.log(
    `  card left out of the references: named anyway ${absent.wrong}/${absent.n} (nearest other card at ${absentNearest.slice(0, 5).join(", ")}, …)`,
  );
  console.log(`  CPU per click median ${percentile(cpu, 0.5).toFixed(0)} ms, p95 ${percentile(cpu, 0.95).toFixed(0)} ms`);
  if (options.verbose) for (const l of lines) console.log(l);
}

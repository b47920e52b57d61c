// The click-to-identify benchmark's real photographs (bench/card-identify.mjs, CARD_PHOTOS_DIR): the manifest's
// references as the deck, its clicks as the questions (format in the README, "Click a card to identify it").
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodePng } from "../../scripts/fakes/card-art.mjs";
import { drawQuad, readImage } from "./card-media.mjs";
import { benchPool, isScanPoolId, poolId, scanPoolId } from "./card-pool.mjs";
import { poolScans } from "./card-scans.mjs";
import { benchDrawingCpu, featuresOn, poolFeatures, withFeatures } from "./card-features.mjs";
import { referenceHashes, referenceMode } from "./card-photo-references.mjs";

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;
}

function timed(fn) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const drawing = benchDrawingCpu();
  const result = fn();
  const used = process.cpuUsage(cpu);
  // The identifier's own CPU: less the bench's drawing of pool printings' keypoints inside the click.
  return { result, wall: performance.now() - start, cpu: (used.user + used.system) / 1000 - (benchDrawingCpu() - drawing) };
}

/** Names compared as a player reads them. */
const sameName = (a, b) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/**
 * Runs every click of `dir`/manifest.json through `lib.identify` and prints right / wrong / no match: against the
 * manifest's references (a deck list); with `options.tableSize`, against them among drawn printings up to that many
 * references (a table's four decks: the same rules as a deck list, with strangers beside the right card); and with
 * `options.poolSize`, against them among that many printings in a whole-pool index (bench/lib/card-pool.mjs):
 * CARD_POOL_SCANS_DIR's real scans first, then drawn ones.
 */
export function measurePhotos(lib, dir, identifyOptions, options) {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const { mode, withScan, note } = referenceMode(manifest);
  const refs = referenceHashes(lib, dir, manifest, mode);
  const refLabel =
    mode === "scan"
      ? `the manifest's references as scans (${withScan} of ${manifest.references.length} have one${withScan < manifest.references.length ? ", the rest photo crops" : ""}; ${refs.length} printings; ${note})`
      : `the manifest's references as photo crops (${note})`;
  const cardIdOf = new Map(refs.map((r) => [r.id, r.card]));
  const featuresById = new Map(refs.map((r) => [r.id, r.features]));
  const refFeatures = featuresOn ? (id) => featuresById.get(id) : undefined;
  // A table's candidates (`referenceSet`, the table's rules) of `references`, each card left out in turn.
  const tableOf = (references, featuresOf) => ({
    all: lib.referenceSet(references, featuresOf),
    without: (card) =>
      lib.referenceSet(
        references.filter((ref) => ref.card !== card),
        featuresOf,
      ),
    idOf: (id) => cardIdOf.get(id) ?? id,
    // The hashes of every printing of a reference, for a click's hand-marked corners (`quad`).
    hashesOfCard: (card) => refs.filter((r) => r.card === card).map((r) => r.hashes),
  });
  measureWith(lib, dir, manifest, refLabel, tableOf(refs, refFeatures), identifyOptions, options);
  if (options.tableSize > refs.length) {
    // A table's deck lists hold a few hundred cards, not only the photographs' few: the set's references among drawn
    // printings (each a card of its own, hashed and with keypoints as the pool's), measured by the table's rules.
    const drawn = Array.from({ length: options.tableSize - refs.length }, (_, n) => poolId(n));
    const drawnHashes = benchPool(lib, [], drawn.length, console.log).index;
    const table = [
      ...refs.map((r) => ({ id: r.id, card: r.card, hashes: r.hashes })),
      ...drawn.map((id) => ({ id, card: id, hashes: drawnHashes.hashesOf(id) })),
    ];
    const tableFeatures = featuresOn ? poolFeatures(lib, (id) => featuresById.get(id)) : undefined;
    measureWith(
      lib,
      dir,
      manifest,
      `a table of ${table.length} references (the set's ${refs.length} among ${drawn.length} drawn printings)`,
      tableOf(table, tableFeatures),
      identifyOptions,
      options,
    );
  }
  if (!options.poolSize) return;
  // The pool index keeps UUIDs: the references get ones of their own.
  const uuid = (n) => `c0000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
  const toUuid = new Map(refs.map((r, n) => [r.id, uuid(n)]));
  const fromUuid = new Map(refs.map((r, n) => [uuid(n), r.card]));
  const refIdOfUuid = new Map(refs.map((r, n) => [uuid(n), r.id]));
  const refName = new Map(manifest.references.map((r) => [r.id, r.name]));
  const scans = poolScans(lib, refs.map((r) => r.scanPath).filter(Boolean), console.log);
  const pool = benchPool(
    lib,
    refs.map((r) => ({ ...r, id: toUuid.get(r.id), card: refName.get(r.card) })),
    options.poolSize,
    console.log,
    options.poolDrawn,
    scans,
  );
  // A card left out of the pool is every printing of it: the reference's and any real scan of the same name.
  const printingsOf = (card) => {
    const ids = refs.filter((r) => r.card === card).map((r) => toUuid.get(r.id));
    scans.forEach((s, n) => sameName(s.name, refName.get(card)) && ids.push(scanPoolId(n)));
    return ids;
  };
  // The references' keypoints by their pool ids; a drawn printing's made when a click asks (real scans have none).
  const uuidFeatures = poolFeatures(lib, (id) => featuresById.get(refIdOfUuid.get(id)));
  measureWith(
    lib,
    dir,
    manifest,
    `the whole pool (${pool.index.size} printings: ${refs.length} references, ${pool.scans} real scans, ${pool.drawn} drawn)`,
    {
      all: withFeatures(pool.index, uuidFeatures),
      without: (card) => {
        const left = new Set(printingsOf(card));
        return withFeatures(pool.without([...left]), (other) => (left.has(other) ? undefined : uuidFeatures(other)));
      },
      // A real scan of the clicked card (another printing of it) names it: the player reads the name.
      idOf: (id) =>
        fromUuid.get(id) ?? [...refName].find(([, name]) => sameName(name, pool.index.cardOf(id)))?.[0] ?? pool.index.cardOf(id) ?? id,
      kindOf: (id) => (isScanPoolId(id) ? "real" : fromUuid.has(id) ? "reference" : "drawn"),
      nameOf: (id) => pool.index.cardOf(id),
    },
    identifyOptions,
    options,
  );
}

/**
 * For a click whose card's corners were marked by hand (`quad`, as read: top-left, top-right, bottom-right,
 * bottom-left; corners out of the frame allowed): the distance those corners' hash lies from the card's nearest
 * printing, and how far (the worst corner, in pixels) the outline the identifier chose lies from them. A miss
 * whose marked corners are far too says the hash, not the outline finder, is what fails there.
 */
function markedCorners(lib, image, marked, found, references) {
  const quad = marked.map(([x, y]) => ({ x, y }));
  const hashes = lib.hashQuad(lib.pyramidOf(lib.toGray(image)), quad);
  const d = hashes && references.length ? Math.min(...references.map((h) => lib.distance(hashes, h))) : "-";
  // The found outline may start at another corner (a card read upside down or sideways): the nearest way round.
  const error = found
    ? Math.min(
        ...[0, 1, 2, 3].map((t) => Math.max(...quad.map((p, k) => Math.hypot(p.x - found[(k + t) % 4].x, p.y - found[(k + t) % 4].y)))),
      )
    : NaN;
  return `[marked corners: ${d} bits; the outline's worst corner ${Number.isNaN(error) ? "-" : error.toFixed(0)} px from them]`;
}

function measureWith(lib, dir, manifest, label, set, identifyOptions, options) {
  const refNames = new Map(manifest.references.map((r) => [r.id, r.name]));
  const images = new Map();
  const tally = () => ({ n: 0, right: 0, wrong: 0, none: 0 });
  const all = tally();
  const big = tally();
  const bigSleeved = tally();
  const unlistedTally = tally();
  const absent = tally();
  const absentNearest = [];
  // The nearest other printing of each kind (real scans, drawn printings) to a click whose card is left out.
  const nearestByKind = { real: [], drawn: [] };
  const cpu = [];
  const lines = [];
  // The table's keypoint vote made before the clicks, as the page's worker makes it in the background once the viewer
  // may click (identifier-client.ts prepareTableKeypoints): the first unclear click does not pay for it.
  set.all.voteIndex?.();
  // CARD_PHOTOS_MAGNIFY: the photographs (not the references) asked at k times their size, the clicks with them.
  const k = options.magnify ?? 1;
  for (const c of manifest.clicks) {
    if (!images.has(c.photo)) images.set(c.photo, readImage(join(dir, c.photo), k));
    const image = images.get(c.photo);
    const click = { x: c.x * k, y: c.y * k };
    const t = timed(() => lib.identify(image, click, set.all, identifyOptions));
    cpu.push(t.cpu);
    const r = t.result;
    const matched = r.match ? set.idOf(r.match.id) : null;
    const nearest = r.ranked[0] ? set.idOf(r.ranked[0].id) : null;
    // A click on a card in no list names it in `name` (older manifests: the note's first words); a pool that holds
    // a printing of it (a real scan) is right to name it.
    const unlisted = c.card ? null : (c.name ?? c.note?.split(",")[0]);
    const outcome =
      (c.card && matched === c.card) || (r.match && set.nameOf && sameName(unlisted, set.nameOf(r.match.id)))
        ? "right"
        : r.match
          ? "wrong"
          : "none";
    // The size and sleeve lines count clicks on listed cards (the issue's targets: how many are named right); a
    // click on a card in no list has its own line, where any name but its own is wrong.
    const listed = Boolean(c.card);
    for (const bucket of [
      all,
      listed && c.height >= 0.25 ? big : null,
      listed && c.height >= 0.25 && c.sleeved ? bigSleeved : null,
      listed ? null : unlistedTally,
    ]) {
      if (!bucket) continue;
      bucket.n++;
      bucket[outcome]++;
    }
    let leftOutNamed = null;
    let leftOutFit = null;
    let leftOutHashFit = null;
    if (c.card) {
      const without = lib.identify(image, click, set.without(c.card), {
        ...identifyOptions,
        count: set.kindOf ? 12 : 1,
      });
      absent.n++;
      leftOutFit = without.verified ?? null;
      leftOutHashFit = without.hashFit ?? null;
      if (without.match) {
        absent.wrong++;
        leftOutNamed = without;
      }
      absentNearest.push(without.ranked[0]?.distance);
      if (set.kindOf)
        for (const kind of ["real", "drawn"]) {
          const nearest = without.ranked.find((x) => set.kindOf(x.id) === kind);
          if (nearest) nearestByKind[kind].push(nearest.distance);
        }
    }
    lines.push(
      `    ${c.photo} (${c.x}, ${c.y}) ${refNames.get(c.card) ?? c.card}: ${outcome}${r.match ? ` (${refNames.get(matched) ?? matched}, ${r.match.distance}${r.namedBy === "keypoints" ? ", by keypoints" : r.namedBy === "both" ? ", by hash and keypoints" : ""})` : ` (nearest ${refNames.get(nearest) ?? nearest}, ${r.ranked[0]?.distance}, steady ${r.steadiness}, margin ${r.margin})`}` +
        ` [outline: ${r.source ?? "none"}${r.refined ? ", nudged" : ""}]` +
        (c.quad && c.card && set.hashesOfCard
          ? ` ${markedCorners(
              lib,
              image,
              c.quad.map(([x, y]) => [x * k, y * k]),
              r.quad,
              set.hashesOfCard(c.card),
            )}`
          : "") +
        (r.verified
          ? ` [fit ${refNames.get(set.idOf(r.verified.id)) ?? r.verified.id} ${r.verified.inliers} vs ${r.verified.otherInliers}, ${r.verified.fitted} fitted]`
          : "") +
        (leftOutNamed
          ? ` [left out, named ${refNames.get(set.idOf(leftOutNamed.match.id)) ?? leftOutNamed.match.id} by ${leftOutNamed.namedBy}${leftOutNamed.verified ? `, fit ${leftOutNamed.verified.inliers} vs ${leftOutNamed.verified.otherInliers}` : ""}]`
          : leftOutFit
            ? ` [left out, fit ${refNames.get(set.idOf(leftOutFit.id)) ?? leftOutFit.id} ${leftOutFit.inliers} vs ${leftOutFit.otherInliers}]`
            : "") +
        (r.hashFit
          ? ` [hash fit ${refNames.get(set.idOf(r.hashFit.id)) ?? r.hashFit.id} ${r.hashFit.inliers} vs ${r.hashFit.otherInliers}]`
          : "") +
        (leftOutHashFit
          ? ` [left out, hash fit ${refNames.get(set.idOf(leftOutHashFit.id)) ?? leftOutHashFit.id} ${leftOutHashFit.inliers} vs ${leftOutHashFit.otherInliers}]`
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
    `Real photographs${k === 1 ? "" : ` magnified ${k}×`} against ${label} (${manifest.clicks.length} clicks on ${images.size} photos, ${manifest.references.length} references; ${manifest.source ?? dir}):`,
  );
  show("all clicks", all);
  show("listed card ≥ 25% of the frame high", big);
  show("listed, sleeved and ≥ 25% high", bigSleeved);
  if (unlistedTally.n) show("card in no list", unlistedTally);
  absentNearest.sort((a, b) => a - b);
  console.log(
    `  card left out of the references: named anyway ${absent.wrong}/${absent.n} (nearest other card at ${absentNearest.slice(0, 5).join(", ")}, …)`,
  );
  for (const [kind, d] of Object.entries(nearestByKind)) {
    if (!set.kindOf || d.length === 0) continue;
    d.sort((a, b) => a - b);
    console.log(
      `  nearest ${kind === "real" ? "real scan" : "drawn printing"} to a left-out card (${d.length} of ${absent.n} clicks had one among the 12 nearest): min ${d[0]}, p10 ${percentile(d, 0.1)}, median ${percentile(d, 0.5)}`,
    );
  }
  console.log(`  CPU per click median ${percentile(cpu, 0.5).toFixed(0)} ms, p95 ${percentile(cpu, 0.95).toFixed(0)} ms`);
  if (options.verbose) for (const l of lines) console.log(l);
}

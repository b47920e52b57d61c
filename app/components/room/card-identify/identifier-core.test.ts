import { describe, expect, it } from "vitest";
import { encodeFeatures, hashCard, hashToHex, HASH_VERSION, referenceFeatures, type GrayImage } from "../../../../card-vision";
import { encodePoolIndex } from "../../../../card-vision/pool-index";
import { drawCard, halfCoveredFrame } from "../../../../card-vision/synthetic-card.test-support";
import type { CardReference } from "../../../../workers/contract/cards";
import { answer } from "./identifier-core";
import { MAX_FIT_PRINTINGS, POOL } from "./identifier-protocol";

// The identifier's worker, its work run in Node: the table's references and the pool's file in, a click's frame in,
// the named printing out, and every bad request answered with an error rather than a crash.

const cards = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-a000-${String(i).padStart(12, "0")}`,
  name: `Card ${i}`,
  picture: drawCard(1000 + i * 7919),
}));
const clicked = cards[7];

type Drawn = { id: string; name: string; picture: GrayImage };

/** The server's references of drawn cards: each hashed from its picture unless `hashOf` says otherwise. */
function referencesOf(drawn: Drawn[], typeLine: string, hashOf = (c: Drawn) => hashCard(c.picture).art): CardReference[] {
  return drawn.map((c, i) => ({
    id: c.id,
    name: c.name,
    set: "tst",
    collectorNumber: String(i + 1),
    typeLine,
    smallImageUrl: `https://cards.example/small/${c.id}.jpg`,
    imageUrl: `https://cards.example/normal/${c.id}.jpg`,
    hash: hashToHex(hashOf(c)),
  }));
}

/**
 * A fake of the page's fetch of keypoints (references.ts printingFeatures) for drawn cards: the server's bytes
 * (card-vision's encoding), each in a buffer of its own, as a body is; each id asked is put in `requested`.
 */
function keypointsServer(drawn: Drawn[], requested: string[] = []) {
  const served = new Map(drawn.map((c) => [c.id, encodeFeatures(referenceFeatures(c.picture))]));
  return (ids: string[]) =>
    ids.map((id) => {
      requested.push(id);
      const bytes = served.get(id)!;
      return { id, bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
    });
}

const references = referencesOf(cards, "Artifact");

/** A 640×480 RGBA frame of the card upright on a gray table, 60% of the frame high, its centre at (0.4, 0.5). */
function frameOf(card: GrayImage) {
  const W = 640;
  const H = 480;
  const data = new Uint8ClampedArray(W * H * 4).fill(255);
  for (let i = 0; i < W * H; i++) data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = 90;
  const h = Math.round(H * 0.6);
  const w = Math.round((h * card.width) / card.height);
  const x0 = Math.round(W * 0.4 - w / 2);
  const y0 = Math.round(H * 0.5 - h / 2);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = card.data[Math.floor(((y + 0.5) * card.height) / h) * card.width + Math.floor(((x + 0.5) * card.width) / w)];
      const o = ((y0 + y) * W + x0 + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = v;
    }
  return { width: W, height: H, data: data.buffer, click: { x: W * 0.4, y: H * 0.5 } };
}

describe("the identifier's worker", () => {
  it("keeps a table's references, warms up on them and names a clicked card with its printing", () => {
    expect(answer({ kind: "table", id: 1, key: "table:a", references })).toMatchObject({ kind: "ready", id: 1, size: 30 });
    expect(answer({ kind: "warm", id: 2, key: "table:a" })).toMatchObject({ kind: "ready", id: 2, size: 30, scan: "wasm-simd" });
    const { click, ...frame } = frameOf(clicked.picture);
    const identified = answer({ kind: "identify", id: 3, key: "table:a", frame, click, count: 5 });
    expect(identified).toMatchObject({ kind: "identified", id: 3, match: true });
    if (identified.kind !== "identified") throw new Error("not identified");
    const { hash: _hash, ...shown } = references.find((r) => r.id === clicked.id)!;
    expect(identified.ranked[0]).toEqual(shown);
    expect(identified.ranked.length).toBeLessThanOrEqual(5);
  });

  it("asks the whole pool with the click's kept frame, naming the printing with the pool's picture address", () => {
    const bytes = encodePoolIndex(
      references.map((r) => ({
        id: r.id,
        name: r.name,
        set: r.set,
        collectorNumber: r.collectorNumber,
        hash: hashCard(cards.find((c) => c.id === r.id)!.picture).art,
      })),
      { hashVersion: HASH_VERSION, imageTemplate: "https://cards.example/{size}/front/{a}/{b}/{id}.jpg" },
    );
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    expect(answer({ kind: "pool", id: 4, bytes: buffer })).toMatchObject({ kind: "ready", size: 30 });
    // No frame: the last click's, kept by the worker.
    const identified = answer({ kind: "identify", id: 5, key: POOL, click: frameOf(clicked.picture).click, count: 3 });
    expect(identified).toMatchObject({ kind: "identified", match: true });
    if (identified.kind !== "identified") throw new Error("not identified");
    expect(identified.ranked[0]).toMatchObject({
      id: clicked.id,
      name: clicked.name,
      imageUrl: `https://cards.example/normal/front/${clicked.id[0]}/${clicked.id[1]}/${clicked.id}.jpg`,
    });
  });

  it("looks again at the kept frame for a click elsewhere on it (the kept look is that click's), then names the card again", () => {
    const { click } = frameOf(clicked.picture);
    // On the bare table: no outline comes near any printing of the pool (its quick search finds none), no match.
    expect(answer({ kind: "identify", id: 7, key: POOL, click: { x: 20, y: 20 }, count: 3 })).toMatchObject({
      kind: "identified",
      match: false,
      ranked: [],
    });
    const again = answer({ kind: "identify", id: 8, key: POOL, click, count: 3 });
    expect(again).toMatchObject({ kind: "identified", match: true });
    if (again.kind !== "identified") throw new Error("not identified");
    expect(again.ranked[0].id).toBe(clicked.id);
  });

  it("answers an error, never throws, for what it cannot do or does not understand", () => {
    expect(answer({ kind: "identify", id: 6, key: "table:gone", click: { x: 1, y: 1 }, count: 5 })).toMatchObject({
      kind: "error",
      id: 6,
      message: 'No candidates "table:gone" in the identifier',
    });
    const { click, width, height } = frameOf(clicked.picture);
    expect(
      answer({ kind: "identify", id: 7, key: "table:a", frame: { width, height, data: new ArrayBuffer(16) }, click, count: 5 }),
    ).toMatchObject({
      kind: "error",
      id: 7,
      message: "The frame's pixels do not match its size",
    });
    expect(
      answer({ kind: "identify", id: 8, key: "table:a", frame: { width: 0, height: 1, data: new ArrayBuffer(0) }, click, count: 5 }),
    ).toMatchObject({
      kind: "error",
      id: 8,
    });
    expect(answer({ kind: "table", id: 9, key: "t", references: [{ id: "x" }] })).toMatchObject({ kind: "error", id: 9 });
    expect(answer("hello")).toMatchObject({ kind: "error", id: -1 });
    expect(answer({ kind: "pool", id: 10, bytes: new ArrayBuffer(8) })).toMatchObject({
      kind: "error",
      id: 10,
      message: "Not a card pool index",
    });
  });
});

describe("the identifier's second step: a keypoint fit when the hash names nothing", () => {
  // Six cards; the clicked one turned 20° with its lower half under another (plain) card: no outline, half the art.
  const six = [11, 12, 13, 14, 15, 16].map((seed, i) => ({
    id: `00000000-0000-4000-b000-${String(seed).padStart(12, "0")}`,
    name: `Covered ${i}`,
    picture: drawCard(seed),
  }));
  const covered = six[2];
  const refs = referencesOf(six, "Creature");
  const requested: string[] = [];
  const fetchFeatures = keypointsServer(six, requested);

  function coveredFrame() {
    const { width, height, data } = halfCoveredFrame(covered.picture);
    return { width, height, data: data.buffer as ArrayBuffer };
  }
  const click = { x: 300, y: 220 };

  it("asks for the nearest cards' keypoints, then names the card from the kept click; a second click fetches nothing", () => {
    expect(answer({ kind: "table", id: 20, key: "table:covered", references: refs })).toMatchObject({ kind: "ready", size: 6 });
    const first = answer({ kind: "identify", id: 21, key: "table:covered", frame: coveredFrame(), click, count: 5 });
    expect(first).toMatchObject({ kind: "identified", id: 21, match: false });
    if (first.kind !== "identified") throw new Error("not identified");
    // The hash's nearest cards, the covered one among them, and no more than a click may ask for.
    expect(first.needFeatures).toContain(covered.id);
    expect(first.needFeatures!.length).toBeLessThanOrEqual(8);

    const fitted = answer({ kind: "fit", id: 22, key: "table:covered", features: fetchFeatures(first.needFeatures!) });
    expect(fitted).toMatchObject({ kind: "identified", id: 22, match: true });
    if (fitted.kind !== "identified") throw new Error("not identified");
    const { hash: _hash, ...shown } = refs.find((r) => r.id === covered.id)!;
    expect(fitted.ranked[0]).toEqual(shown);
    expect(fitted.needFeatures).toBeUndefined();
    expect(fitted.ms).toBeGreaterThan(0);

    // The same card clicked again: the worker holds the keypoints, so the fit runs in the one answer.
    const before = requested.length;
    const again = answer({ kind: "identify", id: 23, key: "table:covered", frame: coveredFrame(), click, count: 5 });
    expect(again).toMatchObject({ kind: "identified", match: true });
    if (again.kind !== "identified") throw new Error("not identified");
    expect(again.ranked[0].id).toBe(covered.id);
    expect(again.needFeatures).toBeUndefined();
    expect(requested.length).toBe(before);
  });

  it("keeps the hash's no match, never an error, when the keypoints that came are not keypoints", () => {
    // Another table (the worker keeps one), so nothing is held from the test before.
    const other = refs.map((r) => ({ ...r, id: r.id.replace("-b000-", "-c000-") }));
    expect(answer({ kind: "table", id: 30, key: "table:other", references: other })).toMatchObject({ kind: "ready" });
    const first = answer({ kind: "identify", id: 31, key: "table:other", frame: coveredFrame(), click, count: 5 });
    if (first.kind !== "identified" || !first.needFeatures) throw new Error("no second step asked for");
    const garbage = first.needFeatures.map((id) => ({ id, bytes: new TextEncoder().encode("<html>502</html>").buffer as ArrayBuffer }));
    expect(answer({ kind: "fit", id: 32, key: "table:other", features: garbage })).toMatchObject({
      kind: "identified",
      id: 32,
      match: false,
    });
    // A fit with nothing unclear to fit (asked twice, or for another table) is an error answer, not a crash.
    expect(answer({ kind: "fit", id: 33, key: "table:other", features: [] })).toMatchObject({
      kind: "error",
      id: 33,
      message: "No unclear click to fit",
    });
    expect(answer({ kind: "fit", id: 34, key: "table:other", features: [{ id: "x", bytes: "no" }] })).toMatchObject({
      kind: "error",
      id: 34,
    });
  });
});

describe("the identifier's third step at a table: a keypoint vote over the table's printings", () => {
  // Forty cards; the clicked one's lower half under another card, and its reference's hash unlike its picture (a
  // printing whose picture the server hashed differs from the one on the table), so the hash ranks it last: the fit's
  // groups (the 32 nearest) never weigh it, and only the vote over every printing's keypoints finds it.
  const forty = Array.from({ length: 40 }, (_, i) => ({
    id: `00000000-0000-4000-d000-${String(i).padStart(12, "0")}`,
    name: `Voted ${i}`,
    picture: drawCard(11 + i),
  }));
  const clickedCard = forty[2];
  const refs = referencesOf(forty, "Instant", (c) => {
    const art = hashCard(c.picture).art;
    return c === clickedCard ? art.map((w) => ~w >>> 0) : art;
  });
  const fetchFeatures = keypointsServer(forty);
  const frame = () => {
    const { width, height, data } = halfCoveredFrame(clickedCard.picture, { height: 280, coveredFrom: 218 });
    return { width, height, data: data.buffer as ArrayBuffer };
  };
  const click = { x: 300, y: 198 };

  it("asks once for the rest of the table's keypoints after the fit names nothing, then names the card the vote finds", () => {
    expect(answer({ kind: "table", id: 40, key: "table:vote", references: refs })).toMatchObject({ kind: "ready", size: 40 });
    const first = answer({ kind: "identify", id: 41, key: "table:vote", frame: frame(), click, count: 5 });
    if (first.kind !== "identified" || !first.needFeatures) throw new Error("no second step asked for");
    expect(first.match).toBe(false);
    expect(first.needFeatures).toHaveLength(MAX_FIT_PRINTINGS);
    expect(first.needFeatures).not.toContain(clickedCard.id);

    const fitted = answer({ kind: "fit", id: 42, key: "table:vote", features: fetchFeatures(first.needFeatures) });
    if (fitted.kind !== "identified") throw new Error("not identified");
    expect(fitted.match).toBe(false);
    // The vote's: every printing the worker does not hold yet, the clicked one among them.
    expect(fitted.needFeatures).toHaveLength(forty.length - MAX_FIT_PRINTINGS);
    expect(new Set([...first.needFeatures, ...fitted.needFeatures!])).toEqual(new Set(forty.map((c) => c.id)));

    const voted = answer({ kind: "fit", id: 43, key: "table:vote", features: fetchFeatures(fitted.needFeatures!) });
    expect(voted).toMatchObject({ kind: "identified", id: 43, match: true });
    if (voted.kind !== "identified") throw new Error("not identified");
    expect(voted.ranked[0].id).toBe(clickedCard.id);
    expect(voted.needFeatures).toBeUndefined();

    // Clicked again: the worker holds the table's keypoints and its vote, so one answer names the card.
    const again = answer({ kind: "identify", id: 44, key: "table:vote", frame: frame(), click, count: 5 });
    expect(again).toMatchObject({ kind: "identified", match: true });
    if (again.kind !== "identified") throw new Error("not identified");
    expect(again.ranked[0].id).toBe(clickedCard.id);
    expect(again.needFeatures).toBeUndefined();
  });

  it("takes a table's keypoints ahead of any click and makes its vote then: the first unclear click names the card in one answer", () => {
    // The same forty cards as another table's printings (ids the worker holds no keypoints of).
    const ahead = forty.map((c) => ({ ...c, id: c.id.replace("-d000-", "-e000-") }));
    const aheadRefs = refs.map((r) => ({ ...r, id: r.id.replace("-d000-", "-e000-") }));
    const requested: string[] = [];
    const fetchAhead = keypointsServer(ahead, requested);
    expect(answer({ kind: "table", id: 50, key: "table:ahead", references: aheadRefs })).toMatchObject({ kind: "ready", size: 40 });
    // Every printing's keypoints but one's (the server has not made it yet): the vote holds the other 39.
    const made = aheadRefs.slice(1).map((r) => r.id);
    expect(answer({ kind: "keypoints", id: 51, key: "table:ahead", features: fetchAhead(made) })).toMatchObject({
      kind: "ready",
      id: 51,
      size: 39,
    });
    // The last one later (made by the server meanwhile): the vote is made again with all forty.
    expect(answer({ kind: "keypoints", id: 52, key: "table:ahead", features: fetchAhead([aheadRefs[0].id]) })).toMatchObject({
      kind: "ready",
      size: 40,
    });
    const before = requested.length;
    const first = answer({ kind: "identify", id: 54, key: "table:ahead", frame: frame(), click, count: 5 });
    expect(first).toMatchObject({ kind: "identified", id: 54, match: true });
    if (first.kind !== "identified") throw new Error("not identified");
    expect(first.ranked[0].id).toBe(clickedCard.id.replace("-d000-", "-e000-"));
    expect(first.needFeatures).toBeUndefined();
    expect(requested.length).toBe(before);
    // Keypoints for a table the worker does not hold, or for the pool (which has no vote), are an error answer.
    expect(answer({ kind: "keypoints", id: 55, key: "table:gone", features: [] })).toMatchObject({ kind: "error", id: 55 });
  });
});

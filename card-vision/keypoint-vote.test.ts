// The keypoint vote over a table's cards (keypoint-vote.ts): the click's keypoints rank the card they show first, a
// card's printings vote together, and the fit's last group at a table is the voted cards no group weighed.
import { describe, expect, it } from "vitest";
import { referenceFeatures } from "./features";
import { clickFeatures } from "./features-verify";
import { toGray } from "./image";
import { fitLater, hashCard, VOTE_CARDS, type IdentifyResult } from "./identify";
import { votedGroup, voteFor, voteIndexOf } from "./keypoint-vote";
import { referenceSet, tableVoteIndex } from "./match";
import { drawCard, halfCoveredFrame } from "./synthetic-card.test-support";

const cards = Array.from({ length: 24 }, (_, i) => ({ id: `card-${11 + i}`, image: drawCard(11 + i) }));
const features = new Map(cards.map((c) => [c.id, referenceFeatures(c.image)]));
const click = { x: 300, y: 198 };
// Card 13 280 px high, covered from row 218: only its art's top shows.
const frame = toGray(halfCoveredFrame(cards[2].image, { height: 280, coveredFrom: 218 }));
const query = clickFeatures(frame, click);

describe("the keypoint vote", () => {
  const index = voteIndexOf(cards.map((c) => ({ id: c.id, card: c.id, features: features.get(c.id)! })));

  it("holds every reference's keypoints", () => {
    expect(index.size).toBe(cards.reduce((n, c) => n + features.get(c.id)!.count, 0));
    expect(index.cards).toHaveLength(cards.length);
  });

  it("ranks first the card whose art the click shows", () => {
    const votes = voteFor(index, query, 5);
    expect(votes[0].card).toBe("card-13");
    expect(votes[0].votes).toBeGreaterThan(votes[1]?.votes ?? 0);
  });

  it("is the same index on every build (its key bits are drawn from a seed)", () => {
    const again = voteIndexOf(cards.map((c) => ({ id: c.id, card: c.id, features: features.get(c.id)! })));
    expect([...again.bits]).toEqual([...index.bits]);
    expect(voteFor(again, query, 5)).toEqual(voteFor(index, query, 5));
  });

  it("counts a card's printings as one card and hands the fit all of them", () => {
    const reprinted = voteIndexOf([
      ...cards.map((c) => ({ id: c.id, card: c.id, features: features.get(c.id)! })),
      { id: "card-13-reprint", card: "card-13", features: features.get("card-13")! },
    ]);
    expect(reprinted.cards).toHaveLength(cards.length);
    expect(votedGroup(reprinted, query, new Set(), 1)).toEqual(["card-13", "card-13-reprint"]);
  });

  it("leaves out of the fit's last group what an earlier group weighed", () => {
    const group = votedGroup(index, query, new Set(["card-13"]), 3);
    expect(group).not.toContain("card-13");
    expect(group.length).toBeLessThanOrEqual(3);
  });

  it("votes for nothing without the click's keypoints", () => {
    expect(voteFor(index, { count: 0, x: new Float32Array(), y: new Float32Array(), desc: new Uint32Array() }, 5)).toEqual([]);
  });
});

describe("the vote at a table", () => {
  const table = referenceSet(
    cards.map((c) => ({ id: c.id, hashes: hashCard(c.image), card: c.id })),
    (id) => features.get(id),
  );
  // The hash's nearest cards are all strangers: card-13 is not among the cards the fit's groups weigh.
  const strangers = cards.filter((c) => c.id !== "card-13").slice(0, 8);
  const unclear: IdentifyResult = {
    match: null,
    ranked: [{ id: strangers[0].id, distance: 60 }],
    quad: null,
    fitCandidates: strangers.map((c) => ({ id: c.id, distance: 60 })),
  };

  it("names the card the click's keypoints vote for when no group of the fit held it", () => {
    const without = fitLater(frame, click, table, unclear, (id) => features.get(id));
    expect(without.match).toBeNull();
    const voted = fitLater(
      frame,
      click,
      table,
      unclear,
      (id) => features.get(id),
      undefined,
      tableVoteIndex(cards, (id) => features.get(id)),
    );
    expect(voted.match?.id).toBe("card-13");
    expect(voted.namedBy).toBe("keypoints");
    expect(voted.verified?.fitted).toBeGreaterThan(strangers.length);
    expect(voted.verified?.fitted).toBeLessThanOrEqual(strangers.length + VOTE_CARDS);
  });

  it("gives a table with keypoints its vote's index, made once", () => {
    expect(table.voteIndex?.()).toBe(table.voteIndex?.());
    expect(table.voteIndex?.()?.cards).toHaveLength(cards.length);
  });
});

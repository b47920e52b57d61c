// A table whose first answer the keypoint fit alone can change, for the fit's unit tests.
import { referenceFeatures } from "./features";
import { hashCard, type IdentifyResult } from "./identify";
import { referenceSet } from "./match";
import { drawCard } from "./synthetic-card.test-support";

/**
 * `count` made-up cards (card-11, card-12, …) with their keypoints as a table, and a first answer whose hash named
 * card-11 far off with every card to fit: only the keypoint fit can name the card under a click.
 */
export function fitOnlyTable(count: number) {
  const cards = Array.from({ length: count }, (_, i) => ({ id: `card-${11 + i}`, image: drawCard(11 + i) }));
  const features = new Map(cards.map((c) => [c.id, referenceFeatures(c.image)]));
  const table = referenceSet(cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) })));
  const unclear: IdentifyResult = {
    match: null,
    ranked: [{ id: "card-11", distance: 60 }],
    quad: null,
    fitCandidates: cards.map((c) => ({ id: c.id, distance: 60 })),
  };
  return { cards, featuresOf: (id: string) => features.get(id), table, unclear };
}

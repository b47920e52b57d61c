import { describe, expect, it } from "vitest";
import type { CardDto } from "../../contract/cards";
import { CachedCardSource, type CardStore } from "./cached";
import { printingKey, type CardIdentifier, type CardSource } from "./card-source";

const card = (name: string, set = "tst", collectorNumber = "1"): CardDto => ({
  id: `id-${name}-${set}-${collectorNumber}`,
  name,
  manaCost: "",
  typeLine: "",
  oracleText: "",
  colors: [],
  imageUrl: "",
  artUrl: "",
  smallImageUrl: "",
  scryfallUri: "",
  set,
  collectorNumber,
});

/**
 * An in-memory store and a source that knows a few names (and, for "Sol Ring", a second printing, c21 263) and records
 * what it was asked.
 */
function setup(known: string[], cached: string[] = []) {
  const stored = new Map(cached.map((n) => [card(n).id, { card: card(n), byName: true }]));
  const store: CardStore = {
    byIds: async (ids) => [...stored.values()].filter((c) => ids.includes(c.card.id)).map((c) => c.card),
    byNameKeys: async (keys) =>
      [...stored.values()].filter((c) => c.byName && keys.includes(c.card.name.toLowerCase().split(" // ")[0])).map((c) => c.card),
    lookup: async ({ nameKeys, printings }) => ({
      byName: [...stored.values()]
        .filter((c) => c.byName && nameKeys.includes(c.card.name.toLowerCase().split(" // ")[0]))
        .map((c) => c.card),
      byPrinting: [...stored.values()]
        .filter((c) => printings.includes(printingKey(c.card.set ?? "", c.card.collectorNumber ?? "")))
        .map((c) => c.card),
    }),
    put: async (entries) =>
      void entries.forEach(({ card: c, byName }) => stored.set(c.id, { card: c, byName: byName || (stored.get(c.id)?.byName ?? false) })),
  };
  const asked: CardIdentifier[][] = [];
  const printing = (id: CardIdentifier) =>
    "set" in id && id.set.toLowerCase() === "c21" && id.collectorNumber === "263" && known.includes("Sol Ring")
      ? card("Sol Ring", "c21", "263")
      : null;
  const inner: CardSource = {
    autocomplete: async () => [],
    named: async (lookup) => ("exact" in lookup && known.includes(lookup.exact) ? card(lookup.exact) : null),
    byId: async () => null,
    printings: async () => [],
    bulkFiles: async () => [],
    collection: async (identifiers) => {
      asked.push(identifiers);
      const answer = (i: CardIdentifier) => ("name" in i ? (known.includes(i.name) ? card(i.name) : null) : printing(i));
      return {
        cards: identifiers.flatMap((i) => answer(i) ?? []),
        notFound: identifiers.filter((i) => answer(i) === null),
      };
    },
  };
  return { source: new CachedCardSource(inner, store), asked, stored };
}

describe("CachedCardSource", () => {
  it("asks the inner source only for names the store lacks, once each, and stores the answers", async () => {
    const { source, asked, stored } = setup(["Sol Ring", "Opt", "Ponder"], ["Sol Ring"]);
    const first = await source.collection([{ name: "Sol Ring" }, { name: "Opt" }, { name: "opt" }, { name: "Nope" }]);
    // "Opt" and "opt" are one name; Sol Ring is in the store.
    expect(asked).toEqual([[{ name: "Opt" }, { name: "Nope" }]]);
    expect(first.cards.map((c) => c.name).sort()).toEqual(["Opt", "Sol Ring"]);
    expect(first.notFound).toEqual([{ name: "Nope" }]);
    // Nothing new to ask for: the store answers alone.
    await source.collection([{ name: "Sol Ring" }]);
    expect(asked).toHaveLength(1);
    expect(stored.has(card("Sol Ring").id)).toBe(true);
  });

  it("looks printings up by set and number, apart from names, and never reads a printing back as a name's choice", async () => {
    const { source, asked } = setup(["Sol Ring"]);
    const first = await source.collection([
      { set: "C21", collectorNumber: "263" },
      { name: "Sol Ring" },
      { set: "c21", collectorNumber: "999" },
    ]);
    expect(asked).toEqual([
      [{ name: "Sol Ring" }],
      [
        { set: "C21", collectorNumber: "263" },
        { set: "c21", collectorNumber: "999" },
      ],
    ]);
    expect(first.cards.map((c) => `${c.name} ${c.set} ${c.collectorNumber}`).sort()).toEqual(["Sol Ring c21 263", "Sol Ring tst 1"]);
    expect(first.notFound).toEqual([{ set: "c21", collectorNumber: "999" }]);
    // Both are in the store now: the printing by its set and number, and the name still as the service's own choice.
    const again = await source.collection([{ set: "c21", collectorNumber: "263" }, { name: "sol ring" }]);
    expect(asked).toHaveLength(2);
    expect(again.cards.map((c) => `${c.set} ${c.collectorNumber}`).sort()).toEqual(["c21 263", "tst 1"]);
  });

  it("finds a double-faced card in the store by its front face's name", async () => {
    const { source, asked } = setup([], ["Delver of Secrets // Insectile Aberration"]);
    const found = await source.collection([{ name: "Delver of Secrets" }]);
    expect(found.cards.map((c) => c.name)).toEqual(["Delver of Secrets // Insectile Aberration"]);
    expect(asked).toEqual([]);
  });

  it("answers an exact name from the store after the first lookup", async () => {
    const { source, stored } = setup(["Opt"]);
    expect(await source.named({ exact: "Opt" })).toMatchObject({ name: "Opt" });
    expect(stored.has(card("Opt").id)).toBe(true);
    expect(await source.named({ exact: "opt" })).toMatchObject({ name: "Opt" });
    expect(await source.named({ exact: "Nope" })).toBeNull();
  });
});

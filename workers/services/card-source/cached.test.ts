import { describe, expect, it } from "vitest";
import type { CardDto } from "../../contract/cards";
import { CachedCardSource, type CardStore } from "./cached";
import type { CardIdentifier, CardSource } from "./card-source";

const card = (name: string): CardDto => ({
  id: `id-${name}`,
  name,
  manaCost: "",
  typeLine: "",
  oracleText: "",
  colors: [],
  imageUrl: "",
  artUrl: "",
  smallImageUrl: "",
  scryfallUri: "",
});

/** An in-memory store and a source that knows a few names and records what it was asked. */
function setup(known: string[], cached: string[] = []) {
  const stored = new Map(cached.map((n) => [n.toLowerCase(), card(n)]));
  const store: CardStore = {
    byIds: async (ids) => [...stored.values()].filter((c) => ids.includes(c.id)),
    byNameKeys: async (keys) => [...stored.values()].filter((c) => keys.includes(c.name.toLowerCase().split(" // ")[0])),
    put: async (cards) => void cards.forEach((c) => stored.set(c.name.toLowerCase(), c)),
  };
  const asked: CardIdentifier[][] = [];
  const inner: CardSource = {
    autocomplete: async () => [],
    named: async (lookup) => ("exact" in lookup && known.includes(lookup.exact) ? card(lookup.exact) : null),
    byId: async () => null,
    collection: async (identifiers) => {
      asked.push(identifiers);
      return {
        cards: identifiers.filter((i) => known.includes(i.name)).map((i) => card(i.name)),
        notFound: identifiers.filter((i) => !known.includes(i.name)),
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
    expect(stored.has("sol ring")).toBe(true);
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
    expect(stored.has("opt")).toBe(true);
    expect(await source.named({ exact: "opt" })).toMatchObject({ name: "Opt" });
    expect(await source.named({ exact: "Nope" })).toBeNull();
  });
});

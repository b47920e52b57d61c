import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_DECKS, startFakeCardService } from "../../scripts/fakes/card-service.mjs";
import { DeckNotFound, DeckSiteRefused, fetchArchidektDeck } from "./deck-sites";

/** Archidekt's deck JSON read from the fake of scripts/fakes/card-service.mjs, which answers as archidekt.com does. */
let cards: Awaited<ReturnType<typeof startFakeCardService>>;
beforeAll(async () => {
  cards = await startFakeCardService();
});
afterAll(() => cards.close());

const ORIGIN = "http://localhost";

describe("fetchArchidektDeck", () => {
  it("reads a public deck: its own name, its cards with their sections and printings", async () => {
    const deck = await fetchArchidektDeck(cards.archidektUrl, String(FIXTURE_DECKS.krenko.id), ORIGIN);
    expect(deck.name).toBe("Krenko Goblins");
    expect(deck.entries[0]).toMatchObject({ quantity: 1, name: "Krenko, Mob Boss", section: "commander" });
    expect(deck.entries.reduce((n, e) => n + e.quantity, 0)).toBe(100);
  });

  it("tells a deck that does not exist (404) from a site that refuses", async () => {
    await expect(fetchArchidektDeck(cards.archidektUrl, "1", ORIGIN)).rejects.toBeInstanceOf(DeckNotFound);
    const lane = `deck-sites-${crypto.randomUUID().slice(0, 8)}`;
    const control = (mode: string) =>
      fetch(`${cards.url}/__fake/fail`, {
        method: "POST",
        body: JSON.stringify({ lane, mode }),
        headers: { "Content-Type": "application/json" },
      });
    await control("unavailable");
    const refused = fetchArchidektDeck(`${cards.url}/lane/${lane}/archidekt/api`, String(FIXTURE_DECKS.krenko.id), ORIGIN);
    await expect(refused).rejects.toBeInstanceOf(DeckSiteRefused);
    await expect(refused).rejects.not.toBeInstanceOf(DeckNotFound);
    await control("ok");
  });
});

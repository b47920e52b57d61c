import { describe, expect, it } from "vitest";
import { sharedCard } from "../../workers/contract/room/protocol";
import { shareCardRefusal, sharedCardOf } from "./share-card";

const card = {
  id: "0afa0e33-4804-4b00-b625-c2d6b61090fc",
  name: "Sol Ring",
  manaCost: "{1}",
  typeLine: "Artifact",
  oracleText: "{T}: Add {C}{C}.",
  colors: [],
  imageUrl: "https://cards.example/normal.jpg",
  artUrl: "https://cards.example/art.jpg",
  smallImageUrl: "https://cards.example/small.jpg",
  scryfallUri: "https://scryfall.example/card",
};

describe("showing a card to the table", () => {
  it("carries what the chat line and its dialog show, in the protocol's shape", () => {
    const shown = sharedCardOf(card);
    expect(sharedCard.parse(shown)).toEqual(shown);
    expect(shown).toEqual({
      id: card.id,
      name: "Sol Ring",
      imageUrl: card.imageUrl,
      typeLine: "Artifact",
      oracleText: "{T}: Add {C}{C}.",
      manaCost: "{1}",
    });
  });
  it("is for players, as chat is: spectators read it", () => {
    expect(shareCardRefusal({ role: "player" })).toBeNull();
    expect(shareCardRefusal({ role: "spectator" })?.code).toBe("forbidden");
  });
});

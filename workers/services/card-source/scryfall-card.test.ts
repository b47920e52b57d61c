import { describe, expect, it } from "vitest";
import { scryfallCard, toCardDto } from "./scryfall-card";

const uris = (side: string) => ({
  small: `https://cards.scryfall.io/small/front/a/b/${side}.jpg`,
  normal: `https://cards.scryfall.io/normal/front/a/b/${side}.jpg`,
  art_crop: `https://cards.scryfall.io/art_crop/front/a/b/${side}.jpg`,
  large: "ignored",
});

describe("toCardDto", () => {
  it("maps a single-faced card", () => {
    const card = scryfallCard.parse({
      object: "card",
      id: "ab000000-0000-4000-a000-000000000001",
      name: "Sol Ring",
      mana_cost: "{1}",
      type_line: "Artifact",
      oracle_text: "{T}: Add {C}{C}.",
      colors: [],
      image_uris: uris("sol"),
      scryfall_uri: "https://scryfall.com/card/cmr/472",
      set: "CMR",
      collector_number: "472",
      oracle_id: "6ad8011d-3471-4369-9d68-b264cc027487",
    });
    expect(toCardDto(card)).toEqual({
      id: "ab000000-0000-4000-a000-000000000001",
      name: "Sol Ring",
      manaCost: "{1}",
      typeLine: "Artifact",
      oracleText: "{T}: Add {C}{C}.",
      colors: [],
      imageUrl: uris("sol").normal,
      artUrl: uris("sol").art_crop,
      smallImageUrl: uris("sol").small,
      scryfallUri: "https://scryfall.com/card/cmr/472",
      // The printing, its set code lowercased as Scryfall's URLs and `(CMR) 472` lines are compared with.
      set: "cmr",
      collectorNumber: "472",
      oracleId: "6ad8011d-3471-4369-9d68-b264cc027487",
    });
  });

  it("takes a double-faced card's images, cost, text and colours from its front face", () => {
    const card = scryfallCard.parse({
      object: "card",
      id: "ab000000-0000-4000-a000-000000000002",
      name: "Delver of Secrets // Insectile Aberration",
      type_line: "Creature — Human Wizard // Creature — Human Insect",
      scryfall_uri: "https://scryfall.com/card/isd/51",
      card_faces: [
        {
          name: "Delver of Secrets",
          mana_cost: "{U}",
          type_line: "Creature — Human Wizard",
          oracle_text: "Front text",
          colors: ["U"],
          image_uris: uris("front"),
        },
        {
          name: "Insectile Aberration",
          mana_cost: "",
          type_line: "Creature — Human Insect",
          oracle_text: "Flying",
          colors: ["U"],
          image_uris: uris("back"),
        },
      ],
    });
    const dto = toCardDto(card);
    expect(dto.imageUrl).toBe(uris("front").normal);
    expect(dto.artUrl).toBe(uris("front").art_crop);
    expect(dto.smallImageUrl).toBe(uris("front").small);
    expect(dto.manaCost).toBe("{U}");
    expect(dto.oracleText).toBe("Front text");
    expect(dto.colors).toEqual(["U"]);
    // The card's own type line wins over the face's.
    expect(dto.typeLine).toBe("Creature — Human Wizard // Creature — Human Insect");
  });

  it("keeps a card without images usable", () => {
    const dto = toCardDto(scryfallCard.parse({ object: "card", id: "x", name: "Odd", scryfall_uri: "https://scryfall.com/card/x/1" }));
    expect(dto).toMatchObject({ imageUrl: "", artUrl: "", manaCost: "", oracleText: "", colors: [] });
  });
});

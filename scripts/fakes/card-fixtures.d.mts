/** A fixture card: a Scryfall card object (the fields tests read). */
export type FixtureCard = {
  object: "card";
  id: string;
  oracle_id: string;
  name: string;
  set: string;
  collector_number: string;
  colors: string[];
  type_line: string;
  image_uris: { small: string; normal: string; large: string; png: string; art_crop: string; border_crop: string };
  [field: string]: unknown;
};
type Bases = { apiBase?: string; imageBase?: string };
export declare function fixtureCards(bases?: Bases): FixtureCard[];
export declare function fixturePrintings(bases?: Bases): FixtureCard[];

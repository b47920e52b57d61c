// The fake card service's card set: records shaped like Scryfall's card objects (https://scryfall.com/docs/api/cards),
// about 60 real Commander cards (names, costs, types and rules text as printed) and generated ones to make 400,
// the size of four Commander decks' lists. Ids are derived from names, so every run serves the same set; the
// images are drawn by ./card-art.mjs.
import { createHash } from "node:crypto";
import { seededRandom } from "./card-art.mjs";

/** [name, mana cost, type line, oracle text, colours, set, collector number] */
// A data table: one card a line reads better than Prettier's seven lines a card.
// prettier-ignore
const REAL_CARDS = [
  ["Atraxa, Praetors' Voice", "{G}{W}{U}{B}", "Legendary Creature — Phyrexian Angel Horror", "Flying, vigilance, deathtouch, lifelink\nAt the beginning of your end step, proliferate.", "GWUB", "c16", "28"],
  ["Kenrith, the Returned King", "{4}{W}", "Legendary Creature — Human Noble", "{R}: All creatures gain trample and haste until end of turn.\n{1}{G}: Put a +1/+1 counter on target creature.\n{2}{W}: Target player gains 5 life.\n{3}{U}: Target player draws a card.\n{4}{B}: Put target creature card from a graveyard onto the battlefield under its owner's control.", "W", "eld", "303"],
  ["Edgar Markov", "{3}{R}{W}{B}", "Legendary Creature — Vampire Knight", "Eminence — Whenever you cast another Vampire spell, if Edgar Markov is in the command zone or on the battlefield, create a 1/1 black Vampire creature token.\nFirst strike, haste\nWhenever Edgar Markov attacks, put a +1/+1 counter on each Vampire you control.", "RWB", "c17", "36"],
  ["Krenko, Mob Boss", "{2}{R}{R}", "Legendary Creature — Goblin Warrior", "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control.", "R", "m13", "139"],
  ["Meren of Clan Nel Toth", "{2}{B}{G}", "Legendary Creature — Human Shaman", "Whenever another creature you control dies, you get an experience counter.\nAt the beginning of your end step, choose target creature card in your graveyard. If that card's mana value is less than or equal to the number of experience counters you have, return it to the battlefield. Otherwise, put it into your hand.", "BG", "c15", "49"],
  ["Talrand, Sky Summoner", "{2}{U}{U}", "Legendary Creature — Merfolk Wizard", "Whenever you cast an instant or sorcery spell, create a 2/2 blue Drake creature token with flying.", "U", "m13", "73"],
  ["Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.", "", "cmr", "472"],
  ["Arcane Signet", "{2}", "Artifact", "{T}: Add one mana of any color in your commander's color identity.", "", "cmr", "297"],
  ["Command Tower", "", "Land", "{T}: Add one mana of any color in your commander's color identity.", "", "cmr", "350"],
  ["Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", "R", "m10", "146"],
  ["Counterspell", "{U}{U}", "Instant", "Counter target spell.", "U", "mh2", "267"],
  ["Swords to Plowshares", "{W}", "Instant", "Exile target creature. Its controller gains life equal to its power.", "W", "sta", "10"],
  ["Path to Exile", "{W}", "Instant", "Exile target creature. Its controller may search their library for a basic land card, put that card onto the battlefield tapped, then shuffle.", "W", "con", "15"],
  ["Cultivate", "{2}{G}", "Sorcery", "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and the other into your hand, then shuffle.", "G", "m11", "168"],
  ["Kodama's Reach", "{2}{G}", "Sorcery — Arcane", "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and the other into your hand, then shuffle.", "G", "chk", "225"],
  ["Rhystic Study", "{2}{U}", "Enchantment", "Whenever an opponent casts a spell, you may draw a card unless that player pays {1}.", "U", "pcy", "45"],
  ["Cyclonic Rift", "{1}{U}", "Instant", "Return target nonland permanent you don't control to its owner's hand.\nOverload {6}{U}", "U", "rtr", "35"],
  ["Beast Within", "{2}{G}", "Instant", "Destroy target permanent. Its controller creates a 3/3 green Beast creature token.", "G", "pc2", "69"],
  ["Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", "G", "dom", "168"],
  ["Birds of Paradise", "{G}", "Creature — Bird", "Flying\n{T}: Add one mana of any color.", "G", "m12", "165"],
  ["Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}.", "B", "sta", "29"],
  ["Demonic Tutor", "{1}{B}", "Sorcery", "Search your library for a card, put that card into your hand, then shuffle.", "B", "uma", "93"],
  ["Brainstorm", "{U}", "Instant", "Draw three cards, then put two cards from your hand on top of your library in any order.", "U", "sta", "13"],
  ["Ponder", "{U}", "Sorcery", "Look at the top three cards of your library, then put them back in any order. You may shuffle.\nDraw a card.", "U", "m12", "73"],
  ["Swiftfoot Boots", "{2}", "Artifact — Equipment", "Equipped creature has hexproof and haste.\nEquip {1}", "", "c18", "230"],
  ["Lightning Greaves", "{2}", "Artifact — Equipment", "Equipped creature has haste and shroud.\nEquip {0}", "", "c19", "217"],
  ["Eternal Witness", "{1}{G}{G}", "Creature — Human Shaman", "When Eternal Witness enters the battlefield, you may return target card from your graveyard to your hand.", "G", "5dn", "86"],
  ["Solemn Simulacrum", "{4}", "Artifact Creature — Golem", "When Solemn Simulacrum enters the battlefield, you may search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.\nWhen Solemn Simulacrum dies, you may draw a card.", "", "m12", "220"],
  ["Wrath of God", "{2}{W}{W}", "Sorcery", "Destroy all creatures. They can't be regenerated.", "W", "2xm", "42"],
  ["Chaos Warp", "{2}{R}", "Instant", "The owner of target permanent shuffles it into their library, then reveals the top card of their library. If it's a permanent card, they may put it onto the battlefield.", "R", "c11", "111"],
  ["Blasphemous Act", "{8}{R}", "Sorcery", "This spell costs {1} less to cast for each creature on the battlefield.\nBlasphemous Act deals 13 damage to each creature.", "R", "isd", "130"],
  ["Heroic Intervention", "{1}{G}", "Instant", "Permanents you control gain hexproof and indestructible until end of turn.", "G", "aer", "109"],
  ["Smothering Tithe", "{3}{W}", "Enchantment", "Whenever an opponent draws a card, that player may pay {2}. If the player doesn't, you create a Treasure token.", "W", "rna", "22"],
  ["Evolving Wilds", "", "Land", "{T}, Sacrifice Evolving Wilds: Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.", "", "roe", "228"],
  ["Exotic Orchard", "", "Land", "{T}: Add one mana of any color that a land an opponent controls could produce.", "", "con", "142"],
  ["Reliquary Tower", "", "Land", "You have no maximum hand size.\n{T}: Add {C}.", "", "m19", "254"],
  ["Mind Stone", "{2}", "Artifact", "{T}: Add {C}.\n{1}, {T}, Sacrifice Mind Stone: Draw a card.", "", "wth", "136"],
  ["Fellwar Stone", "{2}", "Artifact", "{T}: Add one mana of any color that a land an opponent controls could produce.", "", "drk", "103"],
  ["Thought Vessel", "{2}", "Artifact", "You have no maximum hand size.\n{T}: Add {C}.", "", "cmd", "263"],
  ["Skullclamp", "{1}", "Artifact — Equipment", "Equipped creature gets +1/-1.\nWhenever equipped creature dies, draw two cards.\nEquip {1}", "", "dst", "140"],
  ["Goblin Bombardment", "{1}{R}", "Enchantment", "Sacrifice a creature: Goblin Bombardment deals 1 damage to any target.", "R", "tmp", "181"],
  ["Goblin Chieftain", "{1}{R}{R}", "Creature — Goblin", "Haste\nOther Goblin creatures you control get +1/+1 and have haste.", "R", "m10", "135"],
  ["Skirk Prospector", "{R}", "Creature — Goblin", "Sacrifice a Goblin: Add {R}.", "R", "dom", "144"],
  ["Sakura-Tribe Elder", "{1}{G}", "Creature — Snake Shaman", "Sacrifice Sakura-Tribe Elder: Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.", "G", "chk", "239"],
  ["Viscera Seer", "{B}", "Creature — Vampire Wizard", "Sacrifice a creature: Scry 1.", "B", "m11", "120"],
  ["Blood Artist", "{1}{B}", "Creature — Vampire", "Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life.", "B", "avr", "86"],
  ["Cordial Vampire", "{B}{B}", "Creature — Vampire", "Whenever Cordial Vampire or another creature dies, put a +1/+1 counter on each Vampire you control.", "B", "rix", "67"],
  ["Sorin, Lord of Innistrad", "{2}{W}{B}", "Legendary Planeswalker — Sorin", "+1: Create a 1/1 black Vampire creature token with lifelink.\n−3: You get an emblem with \"Creatures you control get +1/+0.\"\n−7: Destroy up to three target creatures and/or other planeswalkers. Return each card put into a graveyard this way to the battlefield under your control.", "WB", "dka", "142"],
  ["Doubling Season", "{4}{G}", "Enchantment", "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.\nIf an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.", "G", "rav", "155"],
  ["Deepglow Skate", "{4}{U}", "Creature — Fish", "When Deepglow Skate enters the battlefield, double the number of each kind of counter on any number of target permanents.", "U", "war", "45"],
  ["Inexorable Tide", "{3}{U}{U}", "Enchantment", "Whenever you cast a spell, proliferate.", "U", "som", "35"],
  ["Guttersnipe", "{2}{R}", "Creature — Goblin Shaman", "Whenever you cast an instant or sorcery spell, Guttersnipe deals 2 damage to each opponent.", "R", "rtr", "96"],
  ["Mystic Remora", "{U}", "Enchantment", "Cumulative upkeep {1}\nWhenever an opponent casts a noncreature spell, you may draw a card unless that player pays {4}.", "U", "ice", "87"],
  ["Preordain", "{U}", "Sorcery", "Scry 2, then draw a card.", "U", "m11", "70"],
  ["Opt", "{U}", "Instant", "Scry 1.\nDraw a card.", "U", "xln", "65"],
  ["Plains", "", "Basic Land — Plains", "({T}: Add {W}.)", "", "cmr", "697"],
  ["Island", "", "Basic Land — Island", "({T}: Add {U}.)", "", "cmr", "701"],
  ["Swamp", "", "Basic Land — Swamp", "({T}: Add {B}.)", "", "cmr", "705"],
  ["Mountain", "", "Basic Land — Mountain", "({T}: Add {R}.)", "", "cmr", "709"],
  ["Forest", "", "Basic Land — Forest", "({T}: Add {G}.)", "", "cmr", "713"],
];

const FIRST = [
  "Ashen",
  "Gilded",
  "Hollow",
  "Verdant",
  "Sunlit",
  "Tidal",
  "Ember",
  "Silent",
  "Grim",
  "Radiant",
  "Thorned",
  "Storm",
  "Frost",
  "Dusk",
  "Iron",
  "Wild",
  "Bright",
  "Sable",
  "Crimson",
  "Azure",
];
const SECOND = [
  "Warden",
  "Oracle",
  "Drake",
  "Sentinel",
  "Harbinger",
  "Sprite",
  "Colossus",
  "Seer",
  "Reaver",
  "Druid",
  "Golem",
  "Wisp",
  "Knight",
  "Hydra",
  "Shade",
  "Courier",
  "Titan",
  "Mystic",
  "Hound",
  "Archon",
];
const THIRD = [
  "of the Vale",
  "of Embers",
  "of the Deep",
  "of Thorns",
  "of the Spire",
  "of Dawn",
  "of the Mire",
  "of Storms",
  "of Ash",
  "of the Wilds",
];
const TYPES = [
  "Creature — Spirit",
  "Creature — Elemental",
  "Instant",
  "Sorcery",
  "Enchantment",
  "Artifact",
  "Creature — Human Wizard",
  "Creature — Beast",
];
const COLOURS = ["W", "U", "B", "R", "G"];

function uuidFrom(text) {
  const hex = createHash("sha256").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function colourLetters(text) {
  return COLOURS.filter((c) => text.includes(c));
}

function generatedCards(count) {
  const random = seededRandom("realmcast-fixture-cards");
  const names = new Set(REAL_CARDS.map((c) => c[0]));
  const cards = [];
  let n = 0;
  while (cards.length < count) {
    n += 1;
    const name = `${FIRST[Math.floor(random() * FIRST.length)]} ${SECOND[Math.floor(random() * SECOND.length)]} ${THIRD[Math.floor(random() * THIRD.length)]}`;
    if (names.has(name)) continue;
    names.add(name);
    const colour = COLOURS[Math.floor(random() * COLOURS.length)];
    const cost = `{${1 + Math.floor(random() * 5)}}{${colour}}`;
    cards.push([
      name,
      cost,
      TYPES[Math.floor(random() * TYPES.length)],
      "A card of the fixture set: its rules text is a placeholder.",
      colour,
      "rcf",
      String(n),
    ]);
  }
  return cards;
}

function manaValue(cost) {
  let total = 0;
  for (const [, symbol] of cost.matchAll(/\{([^}]+)\}/g)) total += /^\d+$/.test(symbol) ? Number(symbol) : symbol === "X" ? 0 : 1;
  return total;
}

/**
 * Other printings of some fixture cards: [name, set, collector number, release date]. Each has its own Scryfall id
 * and so its own art (card-art.mjs seeds the art by id; the name bar by name), as a reprint has. The 400 cards above
 * stay the cards a name lookup answers with; these are found by id, by set and number, by a search for the card's
 * printings (`unique=prints`) and in the bulk file.
 */
// prettier-ignore
const REPRINTS = [
  ["Sol Ring", "c21", "263", "2021-04-23"],
  ["Sol Ring", "ltc", "284", "2023-06-23"],
  ["Arcane Signet", "c21", "236", "2021-04-23"],
  ["Command Tower", "c21", "284", "2021-04-23"],
  ["Lightning Bolt", "2xm", "141", "2020-08-07"],
  ["Lightning Bolt", "clb", "187", "2022-06-10"],
  ["Counterspell", "cmr", "395", "2020-11-20"],
  ["Swords to Plowshares", "c21", "100", "2021-04-23"],
  ["Cultivate", "c21", "189", "2021-04-23"],
  ["Atraxa, Praetors' Voice", "2xm", "190", "2020-08-07"],
  ["Krenko, Mob Boss", "ddn", "52", "2014-09-05"],
  ["Plains", "neo", "283", "2022-02-18"],
  ["Island", "neo", "286", "2022-02-18"],
  ["Swamp", "neo", "289", "2022-02-18"],
  ["Mountain", "neo", "291", "2022-02-18"],
  ["Forest", "neo", "292", "2022-02-18"],
  ["Forest", "dmu", "277", "2022-09-09"],
];

/**
 * The whole fixture set as Scryfall card objects, with image URIs on `imageBase` (the fake's image host, as
 * Scryfall's are on cards.scryfall.io) and API URIs on `apiBase`.
 */
export function fixtureCards({ apiBase = "http://127.0.0.1", imageBase = "http://127.0.0.1/images" } = {}) {
  const rows = [...REAL_CARDS, ...generatedCards(400 - REAL_CARDS.length)];
  return rows.map((row) => cardObject(row, "2020-01-01", { apiBase, imageBase }));
}

/** The fixture cards' other printings (REPRINTS), as Scryfall card objects like fixtureCards' own. */
export function fixturePrintings({ apiBase = "http://127.0.0.1", imageBase = "http://127.0.0.1/images" } = {}) {
  const byName = new Map(REAL_CARDS.map((row) => [row[0], row]));
  return REPRINTS.map(([name, set, collectorNumber, releasedAt]) => {
    const [, manaCost, typeLine, oracleText, colours] = byName.get(name);
    return cardObject([name, manaCost, typeLine, oracleText, colours, set, collectorNumber], releasedAt, { apiBase, imageBase });
  });
}

function cardObject([name, manaCost, typeLine, oracleText, colours, set, collectorNumber], releasedAt, { apiBase, imageBase }) {
  const id = uuidFrom(`card:${name}:${set}:${collectorNumber}`);
  const image = (size, ext = "jpg") => `${imageBase}/${size}/front/${id.slice(0, 1)}/${id.slice(1, 2)}/${id}.${ext}`;
  const colors = colourLetters(colours);
  const legendary = typeLine.startsWith("Legendary Creature");
  return {
    object: "card",
    id,
    oracle_id: uuidFrom(`oracle:${name}`),
    name,
    lang: "en",
    released_at: releasedAt,
    uri: `${apiBase}/cards/${id}`,
    scryfall_uri: `https://scryfall.com/card/${set}/${collectorNumber}`,
    prints_search_uri: `${apiBase}/cards/search?order=released&q=oracleid%3A${uuidFrom(`oracle:${name}`)}&unique=prints`,
    layout: "normal",
    highres_image: true,
    image_status: "highres_scan",
    image_uris: {
      small: image("small"),
      normal: image("normal"),
      large: image("large"),
      png: image("png", "png"),
      art_crop: image("art_crop"),
      border_crop: image("border_crop"),
    },
    mana_cost: manaCost,
    cmc: manaValue(manaCost),
    type_line: typeLine,
    oracle_text: oracleText,
    colors,
    color_identity: colors,
    keywords: [],
    legalities: { commander: "legal" },
    games: ["paper"],
    set,
    set_name: set.toUpperCase(),
    collector_number: collectorNumber,
    rarity: legendary ? "mythic" : "rare",
    ...(legendary ? { power: "4", toughness: "4" } : {}),
    digital: false,
  };
}

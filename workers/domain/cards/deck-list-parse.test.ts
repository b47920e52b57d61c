import { describe, expect, it } from "vitest";
import { parseDeckList } from "./deck-list-parse";

const names = (text: string) => parseDeckList(text).entries.map((e) => [e.quantity, e.name, e.section]);

describe("parseDeckList", () => {
  it("reads the plain line shapes", () => {
    expect(
      names("1 Sol Ring\n1x Arcane Signet\n2 X Lightning Bolt\n1 Sol Ring (CMR) 263\n1 Sol Ring (CMR) 263 *F*\nCommand Tower"),
    ).toEqual([
      [1, "Sol Ring", "main"],
      [1, "Arcane Signet", "main"],
      [2, "Lightning Bolt", "main"],
      [1, "Sol Ring", "main"],
      [1, "Sol Ring", "main"],
      [1, "Command Tower", "main"],
    ]);
  });

  it("keeps the printing a line names: set code and collector number (Moxfield, Archidekt and MTG Arena exports)", () => {
    const printings = (text: string) => parseDeckList(text).entries.map((e) => [e.name, e.printing ?? null]);
    expect(
      printings(
        [
          "1 Sol Ring (CMR) 263",
          "1 Sol Ring (CMR) 263 *F*",
          "1x Sol Ring (c21) 263 [Ramp] ^Have^",
          "1 Forest (PLST) MH1-254",
          "1 Lightning Bolt (2XM) 141★",
          "1 Command Tower (C21)",
          "1 Arcane Signet",
        ].join("\n"),
      ),
    ).toEqual([
      ["Sol Ring", { set: "cmr", collectorNumber: "263" }],
      ["Sol Ring", { set: "cmr", collectorNumber: "263" }],
      ["Sol Ring", { set: "c21", collectorNumber: "263" }],
      ["Forest", { set: "plst", collectorNumber: "MH1-254" }],
      ["Lightning Bolt", { set: "2xm", collectorNumber: "141★" }],
      // A set without a number names no one printing: any printing of the card.
      ["Command Tower", null],
      ["Arcane Signet", null],
    ]);
  });

  it("keeps names with commas, apostrophes and double faces", () => {
    expect(names("1 Atraxa, Praetors' Voice (C16) 28\n1 Delver of Secrets // Insectile Aberration")).toEqual([
      [1, "Atraxa, Praetors' Voice", "main"],
      [1, "Delver of Secrets // Insectile Aberration", "main"],
    ]);
  });

  it("reads MTG Arena and Moxfield headings, blank lines and comments", () => {
    const text = [
      "About",
      "Name Goblin Party",
      "",
      "Commander",
      "1 Krenko, Mob Boss (M13) 139",
      "",
      "Deck",
      "1 Goblin Chieftain",
      "# a comment",
      "// another comment",
      "20 Mountain",
      "",
      "SIDEBOARD:",
      "1 Chaos Warp",
      "Companion",
      "1 Lightning Bolt",
    ].join("\n");
    const parsed = parseDeckList(text);
    expect(parsed.name).toBe("Goblin Party");
    expect(parsed.unresolved).toEqual([]);
    expect(parsed.entries.map((e) => [e.line, e.quantity, e.name, e.section])).toEqual([
      [5, 1, "Krenko, Mob Boss", "commander"],
      [8, 1, "Goblin Chieftain", "main"],
      [11, 20, "Mountain", "main"],
      [14, 1, "Chaos Warp", "sideboard"],
      [16, 1, "Lightning Bolt", "sideboard"],
    ]);
  });

  it("reads Archidekt's // headings, categories and tags", () => {
    expect(
      names(
        "// Commander\n1x Edgar Markov (c17) 36 [Commander{top}]\n// Mainboard (2)\n1x Blood Artist (avr) 86 [Creature] ^Have,#37d67a^",
      ),
    ).toEqual([
      [1, "Edgar Markov", "commander"],
      [1, "Blood Artist", "main"],
    ]);
  });

  it("gives every line that is not a card a reason", () => {
    const parsed = parseDeckList("1 Sol Ring\n0 Island\n300 Forest\n42\n-----\n1 Cultivate\nMaybeboard\n1 Doubling Season");
    expect(parsed.entries.map((e) => e.name)).toEqual(["Sol Ring", "Cultivate"]);
    expect(parsed.unresolved).toEqual([
      { line: 2, text: "0 Island", reason: "quantity must be 1–250" },
      { line: 3, text: "300 Forest", reason: "quantity must be 1–250" },
      { line: 4, text: "42", reason: "not a card line" },
      { line: 5, text: "-----", reason: "not a card line" },
      { line: 8, text: "1 Doubling Season", reason: "in the maybeboard, not the deck" },
    ]);
  });

  it("refuses names longer than any card's", () => {
    const [line] = parseDeckList(`1 ${"a".repeat(200)}`).unresolved;
    expect(line.reason).toMatch(/longer than/);
  });

  it("reads Windows line ends", () => {
    expect(names("1 Sol Ring\r\n1 Opt\r\n")).toEqual([
      [1, "Sol Ring", "main"],
      [1, "Opt", "main"],
    ]);
  });
});

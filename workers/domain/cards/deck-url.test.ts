import { describe, expect, it } from "vitest";
import { parseDeckLink } from "./deck-url";

describe("parseDeckLink", () => {
  it("reads Archidekt deck links, with or without the deck's slug", () => {
    expect(parseDeckLink("https://archidekt.com/decks/910001/atraxa_counters")).toEqual({ site: "archidekt", id: "910001" });
    expect(parseDeckLink("https://www.archidekt.com/decks/42")).toEqual({ site: "archidekt", id: "42" });
  });

  it("reads Moxfield deck links", () => {
    expect(parseDeckLink("https://moxfield.com/decks/AbC-123_x")).toEqual({ site: "moxfield", publicId: "AbC-123_x" });
    expect(parseDeckLink("https://www.moxfield.com/decks/AbC/")).toEqual({ site: "moxfield", publicId: "AbC" });
  });

  it("refuses every other link", () => {
    for (const url of [
      "https://example.com/decks/1",
      "https://archidekt.com.evil.example/decks/1",
      "https://archidekt.com/search?q=1",
      "https://moxfield.com/decks/a/b",
      "https://user@127.0.0.1/decks/1",
      "ftp://archidekt.com/decks/1",
      "javascript:alert(1)",
      "not a link",
    ]) {
      expect(parseDeckLink(url), url).toBeNull();
    }
  });
});

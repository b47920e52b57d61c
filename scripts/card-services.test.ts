import { describe, expect, it } from "vitest";
import { chooseCardServices, describeCardServices } from "./card-services.mjs";

describe("the card services of a local run", () => {
  it("uses the fake card service when SCRYFALL_API_URL is unset or empty", () => {
    expect(chooseCardServices({})).toEqual({ fake: true });
    expect(chooseCardServices({ SCRYFALL_API_URL: "" })).toEqual({ fake: true });
    expect(chooseCardServices({ SCRYFALL_API_URL: "  " })).toEqual({ fake: true });
    // The other variables alone choose nothing: the fake stays, with its own URLs.
    expect(chooseCardServices({ CARD_IMAGE_ORIGIN: "https://cards.scryfall.io" })).toEqual({ fake: true });
  });

  it("uses the real card service when SCRYFALL_API_URL is set, the rest from wrangler.toml unless set too", () => {
    expect(chooseCardServices({ SCRYFALL_API_URL: "https://api.scryfall.com" })).toEqual({
      fake: false,
      vars: { SCRYFALL_API_URL: "https://api.scryfall.com" },
    });
    expect(
      chooseCardServices({
        SCRYFALL_API_URL: "https://api.scryfall.com/",
        CARD_IMAGE_ORIGIN: "https://cards.scryfall.io",
        ARCHIDEKT_API_URL: "https://archidekt.com/api",
        CARD_POOL_BUILD: "true",
        PATH: "/usr/bin",
      }),
    ).toEqual({
      fake: false,
      vars: {
        SCRYFALL_API_URL: "https://api.scryfall.com",
        CARD_IMAGE_ORIGIN: "https://cards.scryfall.io",
        ARCHIDEKT_API_URL: "https://archidekt.com/api",
        CARD_POOL_BUILD: "true",
      },
    });
  });

  it("refuses a value that is not a URL rather than start a Worker that cannot reach it", () => {
    expect(() => chooseCardServices({ SCRYFALL_API_URL: "api.scryfall.com" })).toThrow(/SCRYFALL_API_URL.*http\(s\) URL/);
    expect(() => chooseCardServices({ SCRYFALL_API_URL: "https://api.scryfall.com", ARCHIDEKT_API_URL: "ftp://x" })).toThrow(
      /ARCHIDEKT_API_URL/,
    );
    expect(() => chooseCardServices({ SCRYFALL_API_URL: "https://api.scryfall.com", CARD_POOL_BUILD: "yes" })).toThrow(/CARD_POOL_BUILD/);
  });

  it("says which one the run uses", () => {
    expect(describeCardServices({ fake: true }, "http://127.0.0.1:4100")).toContain("fake card service on http://127.0.0.1:4100");
    expect(describeCardServices(chooseCardServices({ SCRYFALL_API_URL: "https://api.scryfall.com" }))).toContain(
      "https://api.scryfall.com",
    );
  });
});

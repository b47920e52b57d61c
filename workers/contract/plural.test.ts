import { describe, expect, it } from "vitest";
import { countOf, pluralNoun } from "./plural";

describe("countOf", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(countOf(1, "open room")).toBe("1 open room");
    expect(countOf(0, "open room")).toBe("0 open rooms");
    expect(countOf(2, "member")).toBe("2 members");
    expect(countOf(1, "reply", "replies")).toBe("1 reply");
    expect(countOf(5, "reply", "replies")).toBe("5 replies");
  });

  it("groups thousands and treats fractions as plural", () => {
    expect(countOf(1347, "member")).toBe("1,347 members");
    expect(countOf(1.5, "hour")).toBe("1.5 hours");
  });
});

describe("pluralNoun", () => {
  it("picks the form without the number", () => {
    expect(pluralNoun(1, "player")).toBe("player");
    expect(pluralNoun(4, "player")).toBe("players");
    expect(pluralNoun(-1, "point")).toBe("point");
  });
});

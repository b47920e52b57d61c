import { describe, expect, it } from "vitest";
import { blend, contrastRatio, relativeLuminance } from "./contrast";

describe("contrastRatio", () => {
  it("matches the WCAG reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1 grey.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#fff", "#777")).toBeCloseTo(contrastRatio("#ffffff", "#777777"), 10);
  });

  it("is symmetric and the issue's yellow on white really is ~1.5:1", () => {
    expect(contrastRatio("#facc15", "#ffffff")).toBeCloseTo(contrastRatio("#ffffff", "#facc15"), 10);
    expect(contrastRatio("#facc15", "#ffffff")).toBeLessThan(1.7);
  });

  it("refuses what is not a hex colour", () => {
    expect(() => relativeLuminance("red")).toThrow();
    expect(() => relativeLuminance("#12345")).toThrow();
  });
});

describe("blend", () => {
  it("mixes a translucent colour over another", () => {
    expect(blend("#ffffff", "#000000", 0.5)).toBe("#808080");
    expect(blend("#ff0000", "#0000ff", 1)).toBe("#ff0000");
    expect(blend("#ff0000", "#0000ff", 0)).toBe("#0000ff");
  });
});

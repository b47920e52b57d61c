// Every committed photo set (bench/photos/<set>.json) is a manifest the bench and gather.mjs can read: its clicks
// name references it has or carry a printed name, and every picture it uses comes from a file it lists.
// A .mjs test: the schema is plain JavaScript (gather.mjs runs on any Node), its types zod's at run time.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSet } from "./sets.mjs";

const here = import.meta.dirname;
const sets = readdirSync(here).filter((f) => f.endsWith(".json"));

describe("the real photo sets' manifests", () => {
  it.each(sets)("%s is a valid set", (file) => {
    const set = parseSet(JSON.parse(readFileSync(join(here, file), "utf8")));
    expect(set.clicks.length).toBeGreaterThan(0);
    // Clicks inside their photograph's frame are checked when the bench reads the picture; here, only signs.
    for (const c of set.clicks) expect(c.x >= 0 && c.y >= 0).toBe(true);
  });

  it("refuses a click on a reference the set does not have, and a picture from no file", () => {
    const base = {
      source: "test",
      files: [{ as: "a.jpg", repo: "o/r", commit: "a".repeat(40), path: "a.jpg" }],
      references: [{ id: "bolt", name: "Lightning Bolt", image: "a.jpg" }],
      clicks: [{ photo: "a.jpg", x: 1, y: 2, card: "bolt", height: 0.3, sleeved: false }],
    };
    expect(() => parseSet(base)).not.toThrow();
    expect(() => parseSet({ ...base, clicks: [{ ...base.clicks[0], card: "rift" }] })).toThrow(/no reference rift/);
    expect(() => parseSet({ ...base, clicks: [{ ...base.clicks[0], photo: "b.jpg" }] })).toThrow(/b.jpg is in no file/);
    expect(() => parseSet({ ...base, clicks: [{ ...base.clicks[0], card: null }] })).toThrow(/needs its name/);
    expect(() => parseSet({ ...base, files: [{ ...base.files[0], as: "../a.jpg" }] })).toThrow();
  });
});

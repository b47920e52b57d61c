import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// drizzle-kit generates a migration by diffing the schema against the last snapshot in migrations/meta/; a
// missing snapshot or a broken prevId link makes it start from a gap (issue 24).
const META = new URL("../migrations/meta/", import.meta.url);
const read = (name: string) => JSON.parse(readFileSync(new URL(name, META), "utf8"));

describe("the migrations' snapshot chain", () => {
  it("has a snapshot for every migration of the journal, each pointing at the one before", () => {
    const { entries } = read("_journal.json") as { entries: { idx: number; tag: string }[] };
    let previous = "00000000-0000-0000-0000-000000000000";
    for (const { idx, tag } of entries) {
      const snapshot = read(`${String(idx).padStart(4, "0")}_snapshot.json`);
      expect(snapshot.prevId, `${tag} follows the snapshot before it`).toBe(previous);
      previous = snapshot.id;
    }
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The forum's search index is defined twice on purpose: a migration must stand alone, and the rebuild script runs
// after a restore from an export (README, Backups). This keeps the two definitions the same.
const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** The CREATE statements of an SQL file, comments dropped and whitespace collapsed, in file order. */
function creates(sql: string): string[] {
  const code = sql
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n");
  return [...code.matchAll(/CREATE (?:VIRTUAL TABLE|TRIGGER)[\s\S]*?(?:\);|END;)(?=\s|$)/g)].map((m) => m[0].replace(/\s+/g, " "));
}

describe("the forum search index's two definitions", () => {
  it("create the same table and triggers in the migration and in the restore script", () => {
    const migration = creates(read("../migrations/0009_forum_search.sql"));
    const rebuild = creates(read("./forum-search-rebuild.sql"));
    expect(migration).toHaveLength(4);
    expect(rebuild).toEqual(migration);
  });
});

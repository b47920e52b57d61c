import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Migrations stay additive (README, "Operations"): `npm run deploy` applies them while the previous Worker still
 * serves, so that Worker must keep working against the new schema. A migration may add tables, columns (nullable
 * or with a default) and indexes; it may not drop or rename a table or a column, which the old code still reads.
 * A migration that must (after a release that stopped using the thing) says so in a reviewed marker line:
 *   -- destructive-migration-reviewed: <why the running code no longer needs it, and who checked>
 * The rule holds from the migration after 0016 on; the ones before it were applied before it existed.
 */
const RULE_STARTS_AFTER = 16;
const MARKER = /^--\s*destructive-migration-reviewed:\s*\S.{9,}$/m;

const DESTRUCTIVE = [
  { what: "drops a table", pattern: /\bDROP\s+TABLE\b/i },
  { what: "drops a column", pattern: /\bDROP\s+COLUMN\b/i },
  { what: "renames a table or a column", pattern: /\bRENAME\s+(?:TO|COLUMN)\b|\bALTER\s+TABLE\s+\S+\s+RENAME\b/i },
];

/** What a migration does that the running code would not survive; comments and string literals are not read. */
export function destructiveChanges(sql: string): string[] {
  const code = sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/'(?:[^']|'')*'/g, "''");
  return DESTRUCTIVE.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
}

const MIGRATIONS = new URL("../migrations/", import.meta.url);
const files = readdirSync(MIGRATIONS)
  .filter((name) => /^\d{4}_.+\.sql$/.test(name))
  .sort();

describe("additive migrations", () => {
  it("recognises what would break the running Worker, and ignores comments and text", () => {
    expect(destructiveChanges("DROP TABLE `users`;")).toEqual(["drops a table"]);
    expect(destructiveChanges("ALTER TABLE `users` DROP COLUMN `bio`;")).toEqual(["drops a column"]);
    expect(destructiveChanges("ALTER TABLE `__new_users` RENAME TO `users`;")).toEqual(["renames a table or a column"]);
    expect(destructiveChanges("ALTER TABLE users RENAME COLUMN bio TO about;")).toEqual(["renames a table or a column"]);
    // drizzle-kit's SQLite table rebuild (a column's type or constraint changed) is both.
    expect(
      destructiveChanges(
        "CREATE TABLE `__new_x` (`id` text);\nINSERT INTO `__new_x` SELECT * FROM `x`;\nDROP TABLE `x`;\nALTER TABLE `__new_x` RENAME TO `x`;",
      ),
    ).toEqual(["drops a table", "renames a table or a column"]);
    expect(
      destructiveChanges(
        "-- we never DROP TABLE here\nALTER TABLE `users` ADD `bio` text;\nINSERT INTO notes (body) VALUES ('drop table x');",
      ),
    ).toEqual([]);
    expect(destructiveChanges("DROP INDEX `users_email_idx`;\nCREATE INDEX `users_email_idx` ON `users` (`email`);")).toEqual([]);
  });

  it("the marker must give a reason", () => {
    expect(MARKER.test("-- destructive-migration-reviewed: bio unused since release 12, checked by Ada")).toBe(true);
    expect(MARKER.test("-- destructive-migration-reviewed:")).toBe(false);
    expect(MARKER.test("-- destructive-migration-reviewed: ok")).toBe(false);
  });

  it.each(files.filter((name) => Number(name.slice(0, 4)) > RULE_STARTS_AFTER).map((name) => [name]))(
    "%s only adds (or carries a reviewed marker)",
    (name) => {
      const sql = readFileSync(new URL(name, MIGRATIONS), "utf8");
      if (MARKER.test(sql)) return;
      expect(destructiveChanges(sql), `${name}: see README, "Operations" (migrations stay additive)`).toEqual([]);
    },
  );

  it("starts after the migrations that exist today, which happen to be additive too", () => {
    expect(files.map((name) => Number(name.slice(0, 4)))).toContain(RULE_STARTS_AFTER);
    for (const name of files.filter((n) => Number(n.slice(0, 4)) <= RULE_STARTS_AFTER)) {
      expect(destructiveChanges(readFileSync(new URL(name, MIGRATIONS), "utf8")), name).toEqual([]);
    }
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 24: a source file over 300 lines says in its header why it is one file (a schema, a table of data, one
// wire contract); anything else is split by concern.
const ROOT = new URL("..", import.meta.url).pathname;
const FOLDERS = ["app", "workers", "durable-objects", "scripts", "bench", "test", "e2e"];
const LIMIT = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "results" ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

describe("source files", () => {
  it(`over ${LIMIT} lines say why in their header`, () => {
    const unexplained = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .filter((path) => readFileSync(path, "utf8").trimEnd().split("\n").length > LIMIT)
      .filter((path) => !/^\/\*\*[\s\S]*?Over 300 lines[\s\S]*?\*\//.test(readFileSync(path, "utf8")))
      .map((path) => relative(ROOT, path));
    expect(unexplained).toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docsProblems, repositoryPaths, type DocsWorld } from "./docs-links";

/** README.md, every Markdown file under docs/ and bench/README.md: the documents a newcomer follows. */
function documents(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith(".md") ? [join(dir, entry.name)] : [],
    );
  return ["README.md", ...walk("docs"), "bench/README.md"];
}

const packageScripts = new Set(Object.keys(JSON.parse(readFileSync("package.json", "utf8")).scripts));

describe("the docs name only what exists", () => {
  it("every relative link, repository path and npm command in the docs exists", () => {
    const world: DocsWorld = { exists: (path) => existsSync(path), scripts: packageScripts };
    const problems = documents().flatMap((document) => docsProblems(document, readFileSync(document, "utf8"), world));
    expect(problems).toEqual([]);
  });
});

describe("the check itself", () => {
  const files = new Set([
    "docs/architecture.md",
    "docs/decisions/a.md",
    "workers/app.ts",
    "workers/domain",
    "workers/domain/rooms.ts",
    "README.md",
    "e2e/x.spec.ts",
  ]);
  const world: DocsWorld = { exists: (path) => files.has(path), scripts: new Set(["test", "start", "dev", "test:e2e"]) };

  it("passes links, paths and commands that exist", () => {
    const text = [
      "See [the architecture](docs/architecture.md#layers) and [a decision](docs/decisions/a.md), or [Scryfall](https://scryfall.com).",
      "The entry is `workers/app.ts`; the room service `workers/domain/rooms` (a module named without `.ts`), [top](#top).",
      "Run `npm install && npm start`, `npm test`, `npm run dev`, `npm ci --no-audit`; placeholders: `app/routes/<route>/route.tsx`, `workers/domain/pod-*.ts`.",
      "```sh",
      "npm run test:e2e -- e2e/x.spec.ts # in a fence the command counts, and so does a path: workers/app.ts",
      "```",
    ].join("\n");
    expect(docsProblems("README.md", text, world)).toEqual([]);
  });

  it("fails on a broken relative link, resolved from the document's folder", () => {
    expect(docsProblems("docs/architecture.md", "[why](decisions/a.md) and [gone](decisions/b.md)", world)).toEqual([
      "docs/architecture.md:1: link decisions/b.md names nothing at docs/decisions/b.md",
    ]);
    expect(docsProblems("README.md", "[up](../elsewhere.md)", world)).toHaveLength(1);
  });

  it("fails on a backticked repository path that does not exist", () => {
    expect(docsProblems("README.md", "a\nthe room is `durable-objects/game-room.ts`.", world)).toEqual([
      "README.md:2: durable-objects/game-room.ts does not exist",
    ]);
    expect(docsProblems("README.md", "```\nnode bench/gone.mjs --check\n```", world)).toEqual([
      "README.md:2: bench/gone.mjs does not exist",
    ]);
  });

  it("fails on an npm command whose script is not in package.json", () => {
    expect(docsProblems("README.md", "`npm run deploy` and `npm bench` and npm run lint", world)).toEqual([
      'README.md:1: npm run deploy: no script "deploy" in package.json',
      'README.md:1: npm bench: no script "bench" in package.json',
      'README.md:1: npm run lint: no script "lint" in package.json',
    ]);
  });

  it("checks a decision record's links but not the paths of its day", () => {
    expect(docsProblems("docs/decisions/a.md", "`workers/old.ts` and [gone](b.md)", world)).toEqual([
      "docs/decisions/a.md:1: link b.md names nothing at docs/decisions/b.md",
    ]);
  });

  it("reads the paths out of a command", () => {
    expect(repositoryPaths("npx vitest run --project unit scripts/docs-links.test.ts test/x.test.ts:12")).toEqual([
      "scripts/docs-links.test.ts",
      "test/x.test.ts",
    ]);
  });
});

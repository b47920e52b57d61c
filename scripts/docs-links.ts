// The check behind scripts/docs-links.test.ts: every relative link, every repository path in code and every npm
// command that README.md, docs/**/*.md and bench/README.md name must exist, so a renamed file or a removed script
// fails `npm test` instead of leaving the docs pointing at nothing.
import { dirname, join, normalize } from "node:path";

/** The repository's top folders a path in code may start with. */
export const REPOSITORY_FOLDERS = [
  "workers",
  "app",
  "scripts",
  "docs",
  "e2e",
  "test",
  "bench",
  "migrations",
  "durable-objects",
  "card-vision",
  "seed",
  "public",
];

/** npm's own commands (not package.json scripts); `npm test` and `npm start` run scripts and are checked. */
const NPM_COMMANDS = new Set([
  "install",
  "i",
  "ci",
  "audit",
  "exec",
  "init",
  "ls",
  "view",
  "pack",
  "publish",
  "update",
  "outdated",
  "version",
  "help",
  "config",
  "cache",
  "explain",
  "why",
  "link",
  "uninstall",
  "rebuild",
  "login",
]);

export type DocsWorld = {
  /** Whether a repository path (relative to the repository's root, no leading `./`) is a file or a folder. */
  exists: (path: string) => boolean;
  /** The names of package.json's scripts. */
  scripts: ReadonlySet<string>;
};

/**
 * Each problem says the document, the line and what it names that does not exist. A decision record
 * (docs/decisions/) is history, written about the code of its day: its links are checked, not the paths in its code.
 */
export function docsProblems(document: string, text: string, world: DocsWorld): string[] {
  const history = document.startsWith("docs/decisions/");
  const problems: string[] = [];
  const lines = text.split("\n");
  let fenced = false;
  lines.forEach((line, index) => {
    const where = `${document}:${index + 1}`;
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return;
    }
    const code = fenced ? [line] : [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const prose = fenced ? "" : line.replace(/`[^`]+`/g, "");
    // Relative links in the prose: [text](target), resolved from the document's folder.
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
      const path = normalize(join(dirname(document), decodeURIComponent(target.split("#")[0]))).replace(/\\/g, "/");
      if (path.startsWith("..") || !world.exists(path)) problems.push(`${where}: link ${target} names nothing at ${path}`);
    }
    for (const span of history ? [] : code) {
      for (const path of repositoryPaths(span)) {
        if (!pathExists(path, world)) problems.push(`${where}: ${path} does not exist`);
      }
      for (const [command] of span.matchAll(/(?:^|[\s;&|(])npm\s+[a-z][\w:.-]*(?:\s+[a-z][\w:.-]*)?/g)) {
        const script = npmScript(command);
        if (script && !world.scripts.has(script)) problems.push(`${where}: ${command.trim()}: no script "${script}" in package.json`);
      }
    }
    // `npm run x` counts in prose too.
    for (const [, script] of prose.matchAll(/\bnpm run ([a-z][\w:.-]*)/g)) {
      if (!world.scripts.has(script)) problems.push(`${where}: npm run ${script}: no script "${script}" in package.json`);
    }
  });
  return problems;
}

/** The script an npm command runs (`npm run x`, `npm test`), or null for npm's own commands and flags. */
function npmScript(command: string): string | null {
  const [first, second] = command
    .trim()
    .replace(/^[;&|(]\s*/, "")
    .split(/\s+/)
    .slice(1);
  if (first === "run" || first === "run-script") return second ?? null;
  if (NPM_COMMANDS.has(first)) return null;
  // `npm test`, `npm start`: the scripts of those names; any other word names a script too (and fails when none is).
  return first;
}

/** Repository paths named in a piece of code: tokens starting with a top folder; placeholders and globs are skipped. */
export function repositoryPaths(code: string): string[] {
  const folders = REPOSITORY_FOLDERS.join("|");
  const found: string[] = [];
  for (const [, token] of code.matchAll(new RegExp(`(?:^|[\\s"'(=:,])((?:${folders})/[^\\s"'(),;]*)`, "g"))) {
    const path = token.replace(/:\d+(?::\d+)?$/, "").replace(/[.:]+$/, "");
    if (/[<>{}*…$[\]]|\.\.\./.test(path)) continue;
    found.push(path.replace(/\/$/, ""));
  }
  return found;
}

/** A path exists as written, or as a module named without its extension. */
function pathExists(path: string, world: DocsWorld): boolean {
  return ["", ".ts", ".tsx", ".mjs", ".md"].some((ending) => world.exists(`${path}${ending}`));
}

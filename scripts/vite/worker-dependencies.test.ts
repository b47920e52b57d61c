import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WORKER_DEPENDENCIES } from "./worker-dependencies";

const SOURCE_DIRS = ["app", "workers", "durable-objects"];
const NOT_BUNDLED = /^(cloudflare:|node:|vitest$|fast-check$|virtual:)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the Worker's pre-bundled dependencies", () => {
  it("list every package the Worker's source imports at run time", () => {
    const imported = new Set<string>();
    // entry.client.tsx is the one module only the browser loads.
    for (const file of SOURCE_DIRS.flatMap(sourceFiles).filter((f) => f !== join("app", "entry.client.tsx"))) {
      const text = readFileSync(file, "utf8");
      // Value imports of packages (type-only imports are erased before the Worker runs).
      for (const [, specifier] of text.matchAll(/^(?:import|export)(?!\s+type\b)[^"';]*?from\s+"([^".~/][^"]*)"/gm)) {
        if (!NOT_BUNDLED.test(specifier)) imported.add(specifier);
      }
    }
    expect([...imported].filter((name) => !WORKER_DEPENDENCIES.includes(name)).sort()).toEqual([]);
  });
});

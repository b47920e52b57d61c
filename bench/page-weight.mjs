// JavaScript each route ships on first load (gzip), read from the Remix client build.
// `node bench/page-weight.mjs` prints the table; `--check` also enforces the budgets (run by `npm test`).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = "build/client";
// Issue 16 aims at 100 KB for `/` (React and Remix alone are about 84 KB); not reached yet, see the README's Performance section.
const BUDGETS_KB = { "routes/_index": 150, "routes/tablesync.room.$id": 250 };
const DEFAULT_BUDGET_KB = 250;

const manifestFile = readdirSync(join(CLIENT, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("No Remix manifest in build/client/assets: run `npm run build` first");
const manifestSource = readFileSync(join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));

const gzipCache = new Map();
function gzipBytes(url) {
  if (!gzipCache.has(url)) gzipCache.set(url, gzipSync(readFileSync(join(CLIENT, url))).length);
  return gzipCache.get(url);
}

/** Every script a first visit to the route downloads: entry, manifest, the route and its ancestors, with imports. */
function routeScripts(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, `/assets/${manifestFile}`]);
  for (let id = routeId; id; id = manifest.routes[id].parentId) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const imp of route.imports ?? []) files.add(imp);
  }
  return files;
}

const rows = Object.keys(manifest.routes)
  .filter((id) => id !== "root")
  .map((id) => {
    const bytes = [...routeScripts(id)].reduce((sum, url) => sum + gzipBytes(url), 0);
    const budget = BUDGETS_KB[id] ?? DEFAULT_BUDGET_KB;
    return { route: id, path: "/" + (manifest.routes[id].path ?? ""), kb: bytes / 1024, budget };
  })
  .sort((a, b) => b.kb - a.kb);

console.log("route".padEnd(34), "path".padEnd(28), "first-load JS (gzip)", "budget");
for (const r of rows) console.log(r.route.padEnd(34), r.path.padEnd(28), `${r.kb.toFixed(1)} KB`.padStart(20), `${r.budget} KB`);

if (process.argv.includes("--check")) {
  const over = rows.filter((r) => r.kb > r.budget);
  if (over.length) {
    console.error(`Over budget: ${over.map((r) => `${r.route} ${r.kb.toFixed(1)} KB > ${r.budget} KB`).join(", ")}`);
    process.exit(1);
  }
  console.log("page-weight: every route within budget");
}

// JavaScript each route ships on first load (gzip), read from the Remix client build.
// `node bench/page-weight.mjs` prints the table; `--check` also enforces the budgets (run by `npm test`).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = "build/client";
// Issue 16: 100 KB for the landing page (React and Remix alone are about 82 KB), 250 KB for a room.
const BUDGETS_KB = { "routes/_index": 100, "routes/tablesync.room.$id": 250 };
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

// With Remix's lazy route discovery the page does not load the manifest module: it carries the part of the
// manifest for the routes it renders inline, and asks for the rest as JSON when links appear.
const lazyRouteDiscovery = /v3_lazyRouteDiscovery:\s*(!0|true)/.test(readFileSync("build/server/index.js", "utf8"));

/** The route and its ancestors, from the route up to root. */
function routeChain(routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id].parentId) chain.push(id);
  return chain;
}

/** Every script a first visit to the route downloads: entry, the route and its ancestors with their imports, and the manifest module unless discovery is lazy. */
function routeScripts(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  if (!lazyRouteDiscovery) files.add(`/assets/${manifestFile}`);
  for (const id of routeChain(routeId)) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const imp of route.imports ?? []) files.add(imp);
  }
  return files;
}

/** The inline script of the partial manifest the page carries instead (routes of the chain only). */
function inlineManifestBytes(routeId) {
  if (!lazyRouteDiscovery) return 0;
  const routes = Object.fromEntries(routeChain(routeId).map((id) => [id, manifest.routes[id]]));
  return gzipSync(`window.__remixManifest = ${JSON.stringify({ ...manifest, routes }, null, 2)};`).length;
}

const rows = Object.keys(manifest.routes)
  .filter((id) => id !== "root")
  .map((id) => {
    const bytes = [...routeScripts(id)].reduce((sum, url) => sum + gzipBytes(url), 0) + inlineManifestBytes(id);
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

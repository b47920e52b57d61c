import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const LICENSE_FILES = ["LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "license", "license.md"];

/** The package a bundled module came from (its innermost node_modules folder). */
function packageDir(rawId: string): string | null {
  // Rollup's helper modules start with \0 (CommonJS proxies of a package's files among them).
  const moduleId = rawId.replace(/^\0/, "").split("?")[0];
  const at = moduleId.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const rest = moduleId.slice(at + "/node_modules/".length).split("/");
  const name = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  return moduleId.slice(0, at) + "/node_modules/" + name;
}

/**
 * The browser build minifies without the libraries' licence comments (about 2 KB gzip of repeated headers
 * in the scripts every first visit loads) and ships the licences once instead, in
 * /third-party-licenses.txt: each package bundled into the client, its version, licence and licence text.
 */
export function thirdPartyLicenses(): Plugin {
  let ssr = false;
  return {
    name: "realmcast:third-party-licenses",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const dirs = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        for (const id of file.moduleIds) {
          const dir = packageDir(id);
          if (dir) dirs.add(dir);
        }
      }
      const sections = [...dirs]
        .map((dir) => {
          const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string; version: string; license?: string };
          const file = LICENSE_FILES.map((f) => join(dir, f)).find((f) => existsSync(f));
          const text = file ? readFileSync(file, "utf8").trim() : `License: ${pkg.license ?? "see the package"}`;
          return { name: pkg.name, body: `${pkg.name} ${pkg.version} (${pkg.license ?? "unknown"})\n\n${text}` };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      const source = `Open-source software in Realmcast's browser scripts\n\n${sections.map((s) => s.body).join(`\n\n${"-".repeat(72)}\n\n`)}\n`;
      this.emitFile({ type: "asset", fileName: "third-party-licenses.txt", source });
    },
  };
}

// node scripts/node22.mjs <command> [args...]
// Runs <command> under Node.js 22 or newer, which wrangler, workerd and the Cloudflare vitest plugin need.
// On Node 22+ it just runs the command. On an older Node (Debian's 20, say) it installs Node 24 once from the
// npm registry (the `node-<os>-<arch>` packages) into a cache directory and puts it first on PATH, so
// `npm install && npm start` and `npm test` work on a fresh machine with no manual step.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";

const MIN_MAJOR = 22;
const WANTED = "24";

function nodeBinDir() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= MIN_MAJOR) return null;
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  const prefix = process.env.REALMCAST_NODE_DIR || join(cacheHome, "realmcast", `node-${WANTED}`);
  const os = process.platform === "win32" ? "win" : process.platform;
  const pkg = `node-${os}-${process.arch}`;
  const pkgDir = join(prefix, "node_modules", pkg);
  const binDir = process.platform === "win32" ? pkgDir : join(pkgDir, "bin");
  const binary = join(binDir, process.platform === "win32" ? "node.exe" : "node");
  if (!existsSync(binary)) {
    console.error(
      `node22: Node ${process.versions.node} is too old for the Cloudflare toolchain; installing ${pkg}@${WANTED} into ${prefix} (once)`,
    );
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(
      npm,
      ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--no-package-lock", `${pkg}@${WANTED}`],
      {
        stdio: ["ignore", "ignore", "inherit"],
        shell: process.platform === "win32",
      },
    );
    if (result.status !== 0 || !existsSync(binary)) {
      console.error(`node22: could not install ${pkg}@${WANTED}. Install Node.js ${MIN_MAJOR} or newer and try again.`);
      process.exit(1);
    }
  }
  return binDir;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/node22.mjs <command> [args...]");
  process.exit(2);
}
const binDir = nodeBinDir();
const env = binDir ? { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}` } : process.env;
// `node` itself resolves through the adjusted PATH too, so `node22.mjs node x.mjs` runs x.mjs on the new Node.
const result = spawnSync(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
if (result.error) {
  console.error(`node22: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? (result.signal ? 1 : 0));

#!/usr/bin/env node
// Builds the click-to-identify benchmark's real photo sets (bench/README.md, "Real photographs") outside the
// repository: each set's manifest is committed here (bench/photos/<set>.json: clicks, hand-marked corners, which
// card is which), the pictures are not (they are Wizards of the Coast's cards, in other people's public
// repositories). This reads every picture a manifest names from a local copy of its repository at the commit the
// manifest gives, cuts or scales it with ffmpeg where the manifest says so, and writes the set's folder for
// CARD_PHOTOS_DIR.
//
//   node bench/photos/gather.mjs [set …] [--mirrors DIR] [--out DIR] [--clone]
//
// --mirrors (or CARD_PHOTOS_MIRRORS, default /work/.mirror) holds one bare clone per repository, named
// `<owner>+<name>/repo` (`git clone --bare https://github.com/<owner>/<name> DIR/<owner>+<name>/repo`); --out (or
// CARD_PHOTOS_ROOT, default ~/.cache/realmcast/card-photos) gets one folder per set. --clone makes a missing clone
// (it needs github.com; without it, a missing clone is named with the command that makes it).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSet } from "./sets.mjs";

const here = dirname(fileURLToPath(import.meta.url));

function option(args, name, fallback) {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

const args = process.argv.slice(2);
const clone = args.includes("--clone");
if (clone) args.splice(args.indexOf("--clone"), 1);
const mirrors = resolve(option(args, "--mirrors", process.env.CARD_PHOTOS_MIRRORS ?? "/work/.mirror"));
const out = resolve(option(args, "--out", process.env.CARD_PHOTOS_ROOT ?? join(homedir(), ".cache/realmcast/card-photos")));
const names = args.length
  ? args
  : readdirSync(here)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -5));

/** The bare clone of `owner/name`, or a message saying how to make it. */
function mirrorOf(repo) {
  const dir = join(mirrors, repo.replace("/", "+"), "repo");
  if (existsSync(dir)) return { dir };
  const command = ["clone", "--bare", "--quiet", `https://github.com/${repo}`, dir];
  if (clone && spawnSync("git", command, { stdio: "inherit" }).status === 0) return { dir };
  return { missing: `no copy of github.com/${repo} in ${dir}: git clone --bare https://github.com/${repo} ${dir}` };
}

const scratch = mkdtempSync(join(tmpdir(), "realmcast-photos-"));
const folders = [];
let failed = false;
for (const name of names) {
  const set = parseSet(JSON.parse(readFileSync(join(here, `${name}.json`), "utf8")));
  const folder = join(out, name);
  mkdirSync(folder, { recursive: true });
  let written = 0;
  for (const file of set.files) {
    const mirror = mirrorOf(file.repo);
    if (mirror.missing) {
      console.error(`${name}: ${file.as}: ${mirror.missing}`);
      failed = true;
      continue;
    }
    const bytes = execFileSync("git", ["--git-dir", mirror.dir, "cat-file", "blob", `${file.commit}:${file.path}`], {
      maxBuffer: 1 << 30,
    });
    const target = join(folder, file.as);
    mkdirSync(dirname(target), { recursive: true });
    if (!file.ffmpeg) {
      writeFileSync(target, bytes);
    } else {
      const source = join(scratch, `source${extname(file.path)}`);
      writeFileSync(source, bytes);
      const run = spawnSync("ffmpeg", ["-y", "-loglevel", "error", ...(file.before ?? []), "-i", source, ...file.ffmpeg, target]);
      if (run.status !== 0) {
        console.error(`${name}: ${file.as}: ffmpeg failed: ${run.stderr}`);
        failed = true;
        continue;
      }
    }
    written++;
  }
  const { files: _files, ...manifest } = set;
  writeFileSync(join(folder, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `${name}: ${written} of ${set.files.length} pictures, ${set.clicks.length} clicks, ${set.references.length} references → ${folder}`,
  );
  folders.push(folder);
}
rmSync(scratch, { recursive: true, force: true });
console.log(`\nCARD_PHOTOS_DIR=${folders.join(":")}`);
process.exit(failed ? 1 : 0);

// `npm run deploy`: the one way to put Realmcast in production (README, "Deploying to Cloudflare").
//   1. refuses a configuration that is not production's: a placeholder PUBLIC_ORIGIN, a binding or var the Worker
//      uses missing from [env.production], the local Worker's name (scripts/deploy-rules.mjs);
//   2. says which optional secrets production lacks and what members lose without each;
//   3. builds; 4. applies the D1 migrations to production FIRST (creating the database on a first deploy);
//   5. deploys the Worker, tagged with the commit it was built from.
// It stops at the first step that fails. Migrations run before the new code, so they must be additive (README,
// "Operations"; scripts/migrations-additive.test.ts). `node scripts/deploy.mjs --config <file>` reads another file.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PRODUCTION_ENV, missingServices, preflightProblems, secretNamesOf } from "./deploy-rules.mjs";

const bin = (name) => join(process.cwd(), "node_modules", ".bin", name);

/** Runs a command with the operator watching (or, with `capture`, keeps its output); answers its status. */
function spawnCommand(command, args, { capture = false } = {}) {
  const result = spawnSync(command, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", encoding: "utf8" });
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

async function wranglerReadConfig(configPath, env) {
  const { unstable_readConfig } = await import("wrangler");
  return unstable_readConfig({ config: configPath, env });
}

/**
 * The deploy, with its outside world passed in (tests hand it fakes): `run(command, args, options)` runs a command,
 * `readConfig(path, env)` resolves wrangler.toml as Wrangler does, `print(line)` / `warn(line)` talk to the operator.
 * Answers the process's exit status.
 */
export async function deploy({
  configPath = "wrangler.toml",
  run = spawnCommand,
  readConfig = wranglerReadConfig,
  print = (line) => console.log(line),
  warn = (line) => console.error(line),
} = {}) {
  const wrangler = (...args) => [bin("wrangler"), [...args, "--config", configPath]];
  const step = (title, [command, args], options) => {
    print(`\n▶ ${title}\n$ ${[command.replace(`${process.cwd()}/`, ""), ...args].join(" ")}`);
    return run(command, args, options);
  };

  // 1. The configuration, as Wrangler will read it.
  let local;
  let production;
  try {
    local = await readConfig(configPath, undefined);
    production = await readConfig(configPath, PRODUCTION_ENV);
  } catch (error) {
    warn(`Refusing to deploy: ${configPath} cannot be read (${error instanceof Error ? error.message : error}).`);
    return 1;
  }
  const problems = preflightProblems(local, production);
  if (problems.length > 0) {
    warn(`Refusing to deploy: ${configPath} is not ready for production.`);
    for (const problem of problems) warn(`  - ${problem}`);
    return 1;
  }
  print(`Deploying the Worker "${production.name}" to ${production.vars.PUBLIC_ORIGIN}.`);

  // 2. Optional secrets: said, not required (a first deploy may set them afterwards).
  const listed = step("Production's secrets", wrangler("secret", "list", "--env", PRODUCTION_ENV, "--format", "json"), { capture: true });
  let secretNames = null;
  if (listed.status === 0) {
    try {
      secretNames = secretNamesOf(listed.stdout);
    } catch {
      // unreadable: said below
    }
  }
  if (secretNames === null) {
    warn("Could not list production's secrets (not signed in with `npx wrangler login`, or the Worker does not exist yet).");
    warn("Set them with `npx wrangler secret put <NAME> --env production`; these are the optional ones:");
  }
  const missing = missingServices(secretNames ?? []);
  if (secretNames === null || missing.length > 0) {
    for (const service of missing) {
      const how = service.secrets.length > 0 ? ` (set ${service.secrets.join(" and ")})` : "";
      warn(`  ! ${service.label} is off${how}: ${service.without}`);
    }
  } else {
    print("Every optional secret is set.");
  }

  // 3. Build.
  const built = step("Build", [bin("remix"), ["vite:build"]]);
  if (built.status !== 0) return stop("The build", built.status, warn);

  // 4. Migrations first: the database must be ready before the code that reads it. A first deploy creates it.
  const database = production.d1_databases.find((d) => d.binding === "DB");
  if (!database.database_id) {
    const list = step("Does the D1 database exist?", wrangler("d1", "list", "--json"), { capture: true });
    if (list.status !== 0) return stop("Listing the D1 databases", list.status, warn, list.stderr);
    let names;
    try {
      names = JSON.parse(list.stdout).map((d) => d.name);
    } catch {
      return stop("Reading the D1 database list", 1, warn, list.stdout);
    }
    if (!names.includes(database.database_name)) {
      const created = step(
        `Create the D1 database "${database.database_name}" (first deploy)`,
        wrangler("d1", "create", database.database_name, "--env", PRODUCTION_ENV),
      );
      if (created.status !== 0) return stop("Creating the D1 database", created.status, warn);
    }
  }
  const migrated = step(
    "Apply D1 migrations to production",
    wrangler("d1", "migrations", "apply", "DB", "--remote", "--env", PRODUCTION_ENV),
  );
  if (migrated.status !== 0) return stop("The migrations", migrated.status, warn);

  // 5. Deploy, tagged with the commit (GET /api/health shows the tag).
  const tag = commitTag(run);
  const deployArgs = ["deploy", "--env", PRODUCTION_ENV, ...(tag ? ["--tag", tag, "--message", `npm run deploy of ${tag}`] : [])];
  const deployed = step("Deploy the Worker", wrangler(...deployArgs));
  if (deployed.status !== 0) return stop("The deploy", deployed.status, warn);
  print(`\nDeployed. Check it: curl ${production.vars.PUBLIC_ORIGIN}/api/health`);
  return 0;
}

/** The commit being deployed (short hash, "-dirty" with uncommitted changes), or null outside a git checkout. */
function commitTag(run) {
  const head = run("git", ["rev-parse", "--short=12", "HEAD"], { capture: true });
  if (head.status !== 0) return null;
  const dirty = run("git", ["status", "--porcelain"], { capture: true });
  return `${head.stdout.trim()}${dirty.status === 0 && dirty.stdout.trim() !== "" ? "-dirty" : ""}`;
}

function stop(what, status, warn, detail = "") {
  if (detail.trim()) warn(detail.trim());
  warn(`\n✗ ${what} failed (exit ${status}): stopped, nothing after it ran.`);
  return status || 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--config");
  const configPath = at > 0 ? process.argv[at + 1] : "wrangler.toml";
  process.exit(await deploy({ configPath }));
}

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NOBODY_CAN_SIGN_IN, OPTIONAL_SERVICES } from "../workers/domain/operations/optional-services";
import { deploy } from "./deploy.mjs";
import { missingServices, originProblem, preflightProblems, secretNamesOf } from "./deploy-rules.mjs";

// Wrangler's own warnings about the copies below (a var missing on purpose) are not this test's output.
process.env.WRANGLER_LOG = "error";
const REPO_CONFIG = readFileSync("wrangler.toml", "utf8");
const PLACEHOLDER = 'PUBLIC_ORIGIN = "https://realmcast.workers.dev"';
const REAL_ORIGIN = "https://play.realmcast.gg";

/** A copy of the repository's wrangler.toml, changed by `edit`, in a directory of its own. */
function configCopy(edit: (text: string) => string = (t) => t): string {
  const path = join(mkdtempSync(join(tmpdir(), "realmcast-deploy-")), "wrangler.toml");
  writeFileSync(path, edit(REPO_CONFIG));
  return path;
}
const withRealOrigin = (text: string) => text.replace(PLACEHOLDER, `PUBLIC_ORIGIN = "${REAL_ORIGIN}"`);

/** wrangler.toml resolved exactly as `wrangler deploy` resolves it (Wrangler's own reader; no network). */
async function readConfig(path: string, env: string | undefined) {
  const { unstable_readConfig } = await import("wrangler");
  return unstable_readConfig({ config: path, env });
}
async function problemsOf(path: string) {
  return preflightProblems(await readConfig(path, undefined), await readConfig(path, "production"));
}

describe("PUBLIC_ORIGIN", () => {
  it.each([
    "https://realmcast.workers.dev",
    "https://workers.dev",
    "http://localhost:8787",
    "https://localhost",
    "https://127.0.0.1",
    "https://app.localhost",
    "https://realmcast.example",
    "https://example.com",
    "https://www.example.org",
    "https://realmcast.example.net",
    "https://cards.test",
  ])("refuses the placeholder %s", (origin) => {
    expect(originProblem(origin)).toMatch(/placeholder/);
  });

  it("refuses a missing value, a non-URL, plain http and an address with a path", () => {
    expect(originProblem(undefined)).toMatch(/not set/);
    expect(originProblem("realmcast.gg")).toMatch(/not a URL/);
    expect(originProblem("http://play.realmcast.gg")).toMatch(/https/);
    expect(originProblem("https://play.realmcast.gg/app")).toMatch(/origin only/);
  });

  it.each([REAL_ORIGIN, "https://realmcast.alice.workers.dev", "https://play.realmcast.gg/", "https://examples.com"])(
    "accepts %s",
    (origin) => {
      expect(originProblem(origin)).toBeNull();
    },
  );
});

describe("the pre-flight check of wrangler.toml", () => {
  it("finds exactly one problem in the repository's own file: its placeholder PUBLIC_ORIGIN", async () => {
    expect(REPO_CONFIG).toContain(PLACEHOLDER);
    const problems = await problemsOf("wrangler.toml");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PUBLIC_ORIGIN "https:\/\/realmcast\.workers\.dev" is a placeholder/);
    // The file's first test imports Wrangler (its config reader): 6 s quiet, over 20 s at load 12 to 14 (it timed out
    // there once, 2026-11-28), so it has the command test's bound.
  }, 60_000);

  it("passes the file once PUBLIC_ORIGIN names a real address", async () => {
    expect(await problemsOf(configCopy(withRealOrigin))).toEqual([]);
  });

  it("refuses a production that lacks a binding or a var the local Worker has (Wrangler inherits neither)", async () => {
    const noBucket = configCopy((t) =>
      withRealOrigin(t).replace(/\[\[env\.production\.r2_buckets\]\]\nbinding = "AVATARS"\nbucket_name = "realmcast-avatars"\n/, ""),
    );
    expect(await problemsOf(noBucket)).toEqual(["[env.production] lacks the R2 bucket binding AVATARS that the Worker uses."]);
    const noQueue = configCopy((t) =>
      withRealOrigin(t).replace(/\[\[env\.production\.queues\.producers\]\]\nbinding = "WEBHOOKS"\nqueue = "realmcast-webhooks"\n/, ""),
    );
    expect(await problemsOf(noQueue)).toEqual(["[env.production] lacks the queue producer binding WEBHOOKS that the Worker uses."]);
    const noVar = configCopy((t) =>
      withRealOrigin(t).replace(/\[env\.production\.vars\]([\s\S]*?)ROOM_IDLE_MINUTES = "30"\n/, "[env.production.vars]$1"),
    );
    expect(await problemsOf(noVar)).toEqual(["[env.production.vars] lacks ROOM_IDLE_MINUTES (vars are not inherited from the top level)."]);
  });

  it("refuses the local Worker's name in production, the dev sign-in, and logs that are not kept", async () => {
    const sameName = configCopy((t) => withRealOrigin(t).replace('name = "realmcast-local"', 'name = "realmcast"'));
    expect(await problemsOf(sameName)).toEqual([
      expect.stringMatching(/share the Worker name "realmcast": a bare `wrangler deploy` would replace production/),
    ]);
    const devLogin = configCopy((t) =>
      withRealOrigin(t).replace(/(\[env\.production\.vars\][\s\S]*?)AUTH_DEV_LOGIN = "false"/, '$1AUTH_DEV_LOGIN = "true"'),
    );
    expect(await problemsOf(devLogin)).toEqual(['[env.production.vars] AUTH_DEV_LOGIN must be "false" in production.']);
    const noLogs = configCopy((t) =>
      withRealOrigin(t).replace("[env.production.observability]\nenabled = true", "[env.production.observability]\nenabled = false"),
    );
    expect(await problemsOf(noLogs)).toEqual([expect.stringMatching(/observability\] is not enabled/)]);
  });
});

describe("the optional secrets", () => {
  it("with none set: nobody can sign in, and each provider, the video relay and the Discord app is off with what members lose", () => {
    const missing = missingServices([]);
    expect(missing.map((m) => m.name)).toEqual(["signIn", "discord", "twitch", "google", "turn", "discordInteractions"]);
    expect(missing[0].without).toBe(NOBODY_CAN_SIGN_IN);
    expect(missing.find((m) => m.name === "turn")).toMatchObject({
      secrets: ["TURN_KEY_ID", "TURN_KEY_API_TOKEN"],
      without: OPTIONAL_SERVICES.turn.without,
    });
    expect(missing.find((m) => m.name === "discordInteractions")).toMatchObject({
      secrets: ["DISCORD_APPLICATION_ID", "DISCORD_PUBLIC_KEY", "DISCORD_BOT_TOKEN"],
      without: expect.stringMatching(/cannot fill tables with \/lfg/),
    });
  });

  it("names only what is still missing, half a pair included, and never a service that is not built", () => {
    const missing = missingServices([
      "DISCORD_CLIENT_ID",
      "DISCORD_CLIENT_SECRET",
      "TURN_KEY_ID",
      "GOOGLE_CLIENT_ID",
      "DISCORD_PUBLIC_KEY",
    ]);
    expect(missing.map((m) => [m.name, m.secrets])).toEqual([
      ["twitch", ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"]],
      ["google", ["GOOGLE_CLIENT_SECRET"]],
      ["turn", ["TURN_KEY_API_TOKEN"]],
      ["discordInteractions", ["DISCORD_APPLICATION_ID", "DISCORD_BOT_TOKEN"]],
    ]);
  });

  it("reads `wrangler secret list --format json`", () => {
    expect(secretNamesOf('[{"name":"TURN_KEY_ID","type":"secret_text"}]')).toEqual(["TURN_KEY_ID"]);
    expect(() => secretNamesOf('{"error":"x"}')).toThrow();
  });
});

type Call = { command: string; args: string[] };
/** A stand-in for the commands the deploy runs: records each, answers as `answer` says (status 0 by default). */
function fakeRunner(answer: (call: Call) => { status?: number; stdout?: string } = () => ({})) {
  const calls: Call[] = [];
  const run = (command: string, args: string[]) => {
    const call = { command: command.split("/").pop()!, args };
    calls.push(call);
    const { status = 0, stdout = "" } = answer(call);
    return { status, stdout, stderr: "" };
  };
  const named = () => calls.map((c) => [c.command, ...c.args.filter((a) => !a.includes("/"))].join(" "));
  return { run, calls, named };
}
const quiet = { print: () => {}, warn: () => {} };

describe("npm run deploy", () => {
  it("refuses a placeholder configuration before running any command", async () => {
    const { run, calls } = fakeRunner();
    const warned: string[] = [];
    const status = await deploy({ configPath: "wrangler.toml", run, readConfig, print: () => {}, warn: (l: string) => warned.push(l) });
    expect(status).toBe(1);
    expect(calls).toEqual([]);
    expect(warned.join("\n")).toMatch(/Refusing to deploy[\s\S]*PUBLIC_ORIGIN "https:\/\/realmcast\.workers\.dev" is a placeholder/);
  });

  it("builds, creates the database on a first deploy, migrates, then deploys tagged with the commit, in that order", async () => {
    const configPath = configCopy(withRealOrigin);
    const { run, named } = fakeRunner(({ command, args }) => {
      if (args[0] === "secret") return { stdout: JSON.stringify([{ name: "DISCORD_CLIENT_ID" }, { name: "DISCORD_CLIENT_SECRET" }]) };
      if (args[0] === "d1" && args[1] === "list") return { stdout: "[]" };
      if (command === "git" && args[0] === "rev-parse") return { stdout: "0123456789ab\n" };
      return {};
    });
    const warned: string[] = [];
    expect(await deploy({ configPath, run, readConfig, print: () => {}, warn: (l: string) => warned.push(l) })).toBe(0);
    expect(named()).toEqual([
      "wrangler secret list --env production --format json --config",
      "remix vite:build",
      "wrangler d1 list --json --config",
      "wrangler d1 create realmcast --env production --config",
      "wrangler d1 migrations apply DB --remote --env production --config",
      "git rev-parse --short=12 HEAD",
      "git status --porcelain",
      "wrangler deploy --env production --tag 0123456789ab --message npm run deploy of 0123456789ab --config",
    ]);
    // What members lose is said before anything is built.
    expect(warned.join("\n")).toContain(OPTIONAL_SERVICES.turn.without);
    expect(warned.join("\n")).not.toContain(NOBODY_CAN_SIGN_IN);
  });

  it("stops at the first failure: a failed migration means no deploy", async () => {
    const configPath = configCopy(withRealOrigin);
    const { run, named } = fakeRunner(({ args }) => {
      if (args[0] === "d1" && args[1] === "list") return { stdout: JSON.stringify([{ name: "realmcast" }]) };
      if (args[0] === "d1" && args[1] === "migrations") return { status: 7 };
      return { stdout: "[]" };
    });
    expect(await deploy({ configPath, run, readConfig, ...quiet })).toBe(7);
    expect(named().at(-1)).toBe("wrangler d1 migrations apply DB --remote --env production --config");
    expect(named().some((c) => c.startsWith("wrangler deploy"))).toBe(false);
    // An existing database is not created again.
    expect(named().some((c) => c.startsWith("wrangler d1 create"))).toBe(false);
  });

  it("still deploys when the secrets cannot be listed, after saying which ones it could not check", async () => {
    const configPath = configCopy(withRealOrigin);
    const { run, named } = fakeRunner(({ args }) =>
      args[0] === "secret" ? { status: 1 } : { stdout: JSON.stringify([{ name: "realmcast" }]) },
    );
    const warned: string[] = [];
    expect(await deploy({ configPath, run, readConfig, print: () => {}, warn: (l: string) => warned.push(l) })).toBe(0);
    expect(warned.join("\n")).toMatch(/Could not list production's secrets/);
    expect(warned.join("\n")).toContain(NOBODY_CAN_SIGN_IN);
    expect(named().at(-1)).toMatch(/^wrangler deploy --env production/);
  });

  it("as a command: exits non-zero on the repository's placeholder configuration without calling wrangler", () => {
    const result = spawnSync(process.execPath, ["--experimental-strip-types", "scripts/deploy.mjs"], { encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /Refusing to deploy: wrangler\.toml is not ready for production\.\n {2}- PUBLIC_ORIGIN "https:\/\/realmcast\.workers\.dev" is a placeholder/,
    );
    // Every command the deploy runs is announced with "$ " first: none was.
    expect(result.stdout).not.toMatch(/^\$ /m);
    // A child Node that loads wrangler's config reader: seconds on a loaded machine, so the spawn's own bound applies.
  }, 60_000);
});

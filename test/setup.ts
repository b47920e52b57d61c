import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { captureConsole, settleConsole } from "./console-capture";

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
});

// A test fails when the Worker logs an error it did not expect (test/console-capture.ts `expectErrorLog`).
captureConsole();
beforeEach(captureConsole);
afterEach(() => {
  const problems = settleConsole();
  if (problems.length > 0) throw new Error(problems.join("\n"));
});

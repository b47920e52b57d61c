import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineProject } from "vitest/config";
import { outsideRemixChildCompiler, remixInWorkerd } from "./scripts/vite/remix-in-workerd";

// The "workers" project: test/ runs inside workerd with the Worker of wrangler.toml (real D1, KV, R2 and Durable
// Objects). Remix's Vite plugin serves the Worker's `virtual:remix/server-build` from source, so a test always runs
// the current loaders, actions and components, never a stale build. (Remix's plugin needs a config file of its own
// to read again for its child compiler, hence this file rather than an inline project.)
//
// `isolate: false`: each Vitest worker starts one workerd and runs many files in it, with one D1, KV and R2. Test
// data cannot collide across files: every member, room, event and post a test makes has a random id or name, and a
// test only counts rows it made itself.
export default defineProject(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      ...remixInWorkerd(),
      tsconfigPaths(),
      ...outsideRemixChildCompiler([
        cloudflareTest({
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: migrations,
              // wrangler.toml keeps the dev sign-in off; the tests sign members in through it (on http://localhost).
              AUTH_DEV_LOGIN: "true",
              // The production sign-in limit, exercised by test/security.test.ts.
              SIGNIN_RATE_LIMIT_PER_MINUTE: "30",
              FUZZ_RUNS: process.env.FUZZ_RUNS ?? "60",
              // Every /api response is checked against its declared schema (workers/api/response-contract.ts).
              CHECK_API_RESPONSES: "true",
              // Lets test/query-counter.test.ts ask for rows read (x-measure-d1-rows), as the API benchmark does.
              MEASURE_D1_ROWS: "true",
            },
          },
        }),
      ]),
    ],
    test: {
      name: "workers",
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
      globalSetup: ["./test/global-setup.ts"],
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      // Remix's Cloudflare adapter ships CommonJS; pre-bundle it so workerd can import it.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});

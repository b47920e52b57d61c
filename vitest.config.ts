import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Every test runs inside workerd with the Worker of wrangler.toml: real D1, KV and Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      tsconfigPaths(),
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
    ],
    test: {
      include: ["test/**/*.test.ts", "workers/**/*.test.ts", "durable-objects/**/*.test.ts", "app/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
      testTimeout: 20_000,
      // Remix's Cloudflare adapter ships CommonJS; pre-bundle it so workerd can import it.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
      hookTimeout: 30_000,
      // The generated realm palettes are read as text (?raw) by their drift test; other CSS stays out of the tests.
      css: { include: [/app\/styles\/realm-themes\.css/] },
    },
  };
});

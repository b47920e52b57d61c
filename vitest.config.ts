import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Two projects (README, "Tests"):
// - "unit": the pure modules' tests beside them (app/, workers/, durable-objects/), in plain Node: no runtime to
//   start. One Node worker runs many files (`isolate: false`): these modules hold no state between calls.
// - "workers": test/, the real Worker inside workerd (vitest.workers.config.ts).
export default defineConfig({
  test: {
    // Vitest's default leaves one of two cores idle; each Worker-test worker is a workerd of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The Worker writes an access line per request (workers/lib/logger.ts, info level): thousands per run, so they
    // are not printed; tests still read them (test/console-capture.ts), and warnings and errors still print.
    // (A root option: Vitest does not take it per project.)
    onConsoleLog: (log) => !(log.startsWith('{"time":') && log.includes('"level":"info"')),
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "unit",
          environment: "node",
          isolate: false,
          // As in the Worker project: the property tests (fast-check) run hundreds of cases, seconds on a loaded machine.
          testTimeout: 20_000,
          include: [
            "app/**/*.test.ts",
            "workers/**/*.test.ts",
            "durable-objects/**/*.test.ts",
            "card-vision/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          // The generated community palettes are read as text (?raw) by their drift test; other CSS stays out of the tests.
          css: { include: [/app\/styles\/community-themes\.css/] },
        },
      },
      "./vitest.workers.config.ts",
    ],
  },
});

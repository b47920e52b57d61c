import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * The files that run longest, longest first (each file's test time in `npm test`, docs/testing.md "Where the CI
 * run's time goes"). Both workers take the next file from one queue; Vitest's own order puts the larger files first
 * when it has no earlier results (a clean clone has none), and these are short files whose tests loop: left to
 * that order they started last, and the run ended with one worker on them while the other had nothing left. Started
 * first, the other worker works through the short files meanwhile.
 */
const LONGEST_FIRST = [
  "test/fuzz-api.test.ts",
  "test/card-pool.test.ts",
  "test/rate-limits.test.ts",
  "test/webhooks.test.ts",
  "test/fuzz-room.test.ts",
];

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    // Vitest keeps each project's files together; within a project, the listed files go first.
    return [...sorted].sort((a, b) =>
      a.project.name === b.project.name ? rank(a) - rank(b) || position.get(a)! - position.get(b)! : position.get(a)! - position.get(b)!,
    );
  }
}

// Two projects (README, "Tests"):
// - "unit": the pure modules' tests beside them (app/, workers/, durable-objects/), in plain Node: no runtime to
//   start. One Node worker runs many files (`isolate: false`): these modules hold no state between calls.
// - "workers": test/, the real Worker inside workerd (vitest.workers.config.ts).
export default defineConfig({
  test: {
    // Vitest's default leaves one of two cores idle; each Worker-test worker is a workerd of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
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
            "bench/**/*.test.mjs",
          ],
          // The generated community palettes are read as text (?raw) by their drift test; other CSS stays out of the tests.
          css: { include: [/app\/styles\/community-themes\.css/] },
        },
      },
      "./vitest.workers.config.ts",
    ],
  },
});

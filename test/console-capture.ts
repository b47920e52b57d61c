import { vi, type MockInstance } from "vitest";

/**
 * Everything the Worker writes to the console during a test, for test/setup.ts and the tests that read log lines.
 * One owner of the console spies: a test that spied and restored console.error itself would silently switch the
 * "no unexpected error" check off for every later test of its worker (vi.spyOn hands back the same spy).
 */

const LEVELS = ["log", "info", "warn", "error", "debug"] as const;
type Level = (typeof LEVELS)[number];
const spies = new Map<Level, MockInstance>();

/**
 * The console's own methods, taken once per isolate before anything spies on them. Taking them at each
 * captureConsole instead once took a spy for the original (test/housekeeping.test.ts's queue tests: `isMockFunction`
 * said no while `spyOn` handed back the same spy), and the spy called itself.
 */
const ORIGINAL_CONSOLE: Record<Level, (...args: unknown[]) => void> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for("realmcast.test.console")
] ??= Object.fromEntries(LEVELS.map((level) => [level, console[level].bind(console)]))) as Record<Level, (...args: unknown[]) => void>;

/** (Re)installs the spies: called before each test by test/setup.ts. */
export function captureConsole(): void {
  for (const level of LEVELS) {
    if (vi.isMockFunction(console[level])) continue;
    const print = ORIGINAL_CONSOLE[level];
    // The Worker's info lines (an access line per request, thousands a run) are recorded here but not passed on to
    // Vitest's process: vitest.config.ts's onConsoleLog drops them there anyway, after each has crossed from workerd
    // (docs/testing.md, "Where the CI run's time goes"). Every other line still prints.
    spies.set(
      level,
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        if (!isInfoLine(args)) print(...args);
      }),
    );
  }
}

/** The lines vitest.config.ts's onConsoleLog drops: the logger's info level. */
function isInfoLine(args: unknown[]): boolean {
  const [line] = args;
  return args.length === 1 && typeof line === "string" && line.startsWith('{"time":') && line.includes('"level":"info"');
}

const text = (args: unknown[]) => args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ");

/** Every console call of the current test, as text, all levels, in the order they were made. */
export function consoleLines(): string[] {
  return LEVELS.flatMap((level) => {
    const mock = spies.get(level)?.mock;
    return (mock?.calls ?? []).map((args, i) => ({ order: mock!.invocationCallOrder[i], line: text(args) }));
  })
    .sort((a, b) => a.order - b.order)
    .map(({ line }) => line);
}

/** The structured lines (workers/lib/logger.ts) of the current test, parsed, all levels. */
export function logLines(): Record<string, unknown>[] {
  return consoleLines().flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === "object" ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

const expected: { message: string | RegExp; seen: boolean }[] = [];

/**
 * Lets the current test log one error line whose message is `message` (or matches it): the Worker tests fail on
 * any error line nobody expected, and on an expected one that never came.
 */
export function expectErrorLog(message: string | RegExp): void {
  expected.push({ message, seen: false });
}

function messageOf(line: string): string {
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === "object" && "message" in parsed) return String(parsed.message);
  } catch {
    // not one of the logger's lines: matched as it is
  }
  return line;
}

/** Ends the test's capture: what went wrong with its error lines (empty when nothing did), and clears the calls. */
export function settleConsole(): string[] {
  const errors = (spies.get("error")?.mock.calls ?? []).map(text);
  for (const spy of spies.values()) spy.mockClear();
  const problems: string[] = [];
  for (const line of errors) {
    const message = messageOf(line);
    const match = expected.find((e) => !e.seen && (typeof e.message === "string" ? e.message === message : e.message.test(message)));
    if (match) match.seen = true;
    else problems.push(`an error was logged: ${line}`);
  }
  for (const e of expected) if (!e.seen) problems.push(`an expected error line never came: ${String(e.message)}`);
  expected.length = 0;
  return problems;
}

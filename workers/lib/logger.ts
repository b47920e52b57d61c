import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The server's one logger: every line is one JSON object (time, level, message, then the logger's context fields
 * and the line's own), written with console.log / warn / error so Workers Logs indexes each field and
 * `wrangler tail --format json` shows it whole (README, "Operations"). Nothing else on the server writes to the
 * console (eslint.config.js).
 *
 * A request gets its own logger (workers/http/request-log.ts) carrying its request id, route, method and member;
 * handlers read it from the Hono context (`c.get("log")`) or the Remix load context (`context.log`), and code with
 * no context of its own (the domain, the outside services' clients) reaches the same one through `currentLogger()`.
 */

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
/** Where a finished line goes: the console in the Worker, an array in unit tests. */
export type LogSink = (level: LogLevel, line: string) => void;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  /** An unexpected failure: pass the thrown value as `error` (its name, message and stack are written). */
  error(message: string, fields?: LogFields): void;
  /** Adds fields to this logger's later lines (the member once signed in, the route once matched). */
  assign(fields: LogFields): void;
  /** A logger with this one's fields and more, writing to the same place. */
  child(fields: LogFields): Logger;
  readonly fields: Readonly<LogFields>;
}

export type LoggerOptions = {
  sink?: LogSink;
  /** Called once per error-level line (the operator's error count, workers/domain/operations/operations.ts). */
  onError?: () => void;
};

const consoleSink: LogSink = (level, line) => {
  // The one place the server writes to the console.
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
};

/** Field names whose values never reach a line, whatever a caller passes. */
const SECRET_KEY = /token|secret|password|passwd|authorization|cookie|credential|api.?key|e.?mail/i;
const REDACTED = "[redacted]";

/**
 * Strips secrets out of any text that reaches a line (an error's message, a URL someone logged): personal access
 * tokens (rc_pat_…), bearer credentials, and the values of query parameters that carry codes and tokens.
 */
export function redactText(text: string): string {
  return text
    .replace(/rc_pat_[A-Za-z0-9_-]+/g, `rc_pat_${REDACTED}`)
    .replace(/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`)
    .replace(/([?&](?:code|state|token|access_token|refresh_token|id_token|key|secret)=)[^&\s"']+/gi, `$1${REDACTED}`);
}

/** An Error as plain JSON: name, message, stack (and its cause's, one level). */
export function describeThrown(error: unknown): LogFields {
  if (!(error instanceof Error)) return { name: "NonError", message: redactText(String(error)) };
  const described: LogFields = { name: error.name, message: redactText(error.message) };
  if (error.stack) described.stack = redactText(error.stack);
  if (error.cause !== undefined)
    described.cause =
      error.cause instanceof Error ? { name: error.cause.name, message: redactText(error.cause.message) } : redactText(String(error.cause));
  return described;
}

/** One line as written: JSON with secrets removed and Errors described. */
export function formatLine(level: LogLevel, message: string, fields: LogFields, time = new Date()): string {
  const line = { time: time.toISOString(), level, message, ...fields };
  return JSON.stringify(line, (key, value: unknown) => {
    if (key !== "" && SECRET_KEY.test(key)) return REDACTED;
    if (value instanceof Error) return describeThrown(value);
    if (typeof value === "string") return redactText(value);
    if (typeof value === "bigint") return String(value);
    return value;
  });
}

export function createLogger(fields: LogFields = {}, options: LoggerOptions = {}): Logger {
  const sink = options.sink ?? consoleSink;
  const context: LogFields = { ...fields };
  const write = (level: LogLevel, message: string, own?: LogFields) => {
    sink(level, formatLine(level, message, own ? { ...context, ...own } : context));
    if (level === "error") options.onError?.();
  };
  return {
    info: (message, own) => write("info", message, own),
    warn: (message, own) => write("warn", message, own),
    error: (message, own) => write("error", message, own),
    assign: (more) => void Object.assign(context, more),
    child: (more) => createLogger({ ...context, ...more }, options),
    get fields() {
      return context;
    },
  };
}

const storage = new AsyncLocalStorage<Logger>();
/** Lines written outside any request, cron run, queue batch or room (module start-up). */
const processLogger = createLogger();

/** Runs `fn` with `logger` as the current logger of everything it awaits. */
export function withLogger<T>(logger: Logger, fn: () => T): T {
  return storage.run(logger, fn);
}

/** The logger of the request (or cron run, queue batch, room) this code runs for. */
export function currentLogger(): Logger {
  return storage.getStore() ?? processLogger;
}

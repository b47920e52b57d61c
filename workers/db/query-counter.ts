import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts D1 round trips per request (a statement's run/all/first/raw, or one batch). The Worker
 * reports the count in `Server-Timing: d1;desc="N queries"`; the query-budget test and the API
 * benchmark read it. The counter lives in AsyncLocalStorage so the Drizzle client stays built once.
 *
 * When asked (benchmarks only, MEASURE_D1_ROWS), it also adds up the rows D1 read (`meta.rows_read`),
 * the figure D1 bills and limits by. Drizzle reads rows with `raw()`, which carries no meta, so in that
 * mode each raw/first statement runs a second time as `all()` to learn it.
 */
export type QueryCounter = { count: number; rowsRead: number | null };

type WithMeta = { meta?: { rows_read?: number } };

const currentCounter = new AsyncLocalStorage<QueryCounter>();
const EXECUTORS = new Set(["run", "all", "first", "raw"]);
const originals = new WeakMap<object, D1PreparedStatement>();

function tick(): QueryCounter | undefined {
  const counter = currentCounter.getStore();
  if (counter) counter.count += 1;
  return counter;
}

function addRows(counter: QueryCounter, results: WithMeta[]) {
  if (counter.rowsRead === null) return;
  for (const result of results) counter.rowsRead += result.meta?.rows_read ?? 0;
}

function countStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args: unknown[]) => countStatement(value.apply(target, args));
      if (typeof prop === "string" && EXECUTORS.has(prop)) {
        return (...args: unknown[]) => {
          const counter = tick();
          const result = value.apply(target, args);
          // Only a measuring request pays for reading the figures (and raw/first for a second run).
          if (counter?.rowsRead == null) return result;
          return (async () => {
            const answer = await result;
            addRows(counter, [prop === "run" || prop === "all" ? (answer as WithMeta) : await target.all()]);
            return answer;
          })();
        };
      }
      return value.bind(target);
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

/** What Drizzle needs of D1: the database itself or one of its sessions (`withSession`). */
export type D1Queryable = Pick<D1Database, "prepare" | "batch">;

export function countingD1<T extends D1Queryable>(d1: T): T {
  return new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "prepare") return (sql: string) => countStatement(target.prepare(sql));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const counter = tick();
          // D1 batches need its own statement objects, not the counting proxies.
          const results = target.batch(statements.map((s) => originals.get(s) ?? s));
          if (counter?.rowsRead == null) return results;
          return results.then((answers) => {
            addRows(counter, answers);
            return answers;
          });
        };
      }
      return value.bind(target);
    },
  });
}

/** Runs `fn` with a fresh query counter for everything it awaits; `rowsRead` is null unless measured. */
export async function withQueryCounter<T>(
  fn: () => Promise<T>,
  options: { measureRows?: boolean } = {},
): Promise<{ result: T; queries: number; rowsRead: number | null }> {
  const counter: QueryCounter = { count: 0, rowsRead: options.measureRows ? 0 : null };
  const result = await currentCounter.run(counter, fn);
  return { result, queries: counter.count, rowsRead: counter.rowsRead };
}

import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts D1 round trips per request (a statement's run/all/first/raw, or one batch). The Worker
 * reports the count in `Server-Timing: d1;desc="N queries"`; the query-budget test and the API
 * benchmark read it. The counter lives in AsyncLocalStorage so the Drizzle client stays built once.
 */
export type QueryCounter = { count: number };

const currentCounter = new AsyncLocalStorage<QueryCounter>();
const EXECUTORS = new Set(["run", "all", "first", "raw"]);
const originals = new WeakMap<object, D1PreparedStatement>();

function tick() {
  const counter = currentCounter.getStore();
  if (counter) counter.count += 1;
}

function countStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args: unknown[]) => countStatement(value.apply(target, args));
      if (typeof prop === "string" && EXECUTORS.has(prop)) {
        return (...args: unknown[]) => {
          tick();
          return value.apply(target, args);
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
          tick();
          // D1 batches need its own statement objects, not the counting proxies.
          return target.batch(statements.map((s) => originals.get(s) ?? s));
        };
      }
      return value.bind(target);
    },
  });
}

/** Runs `fn` with a fresh query counter for everything it awaits. */
export async function withQueryCounter<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const counter: QueryCounter = { count: 0 };
  const result = await currentCounter.run(counter, fn);
  return { result, queries: counter.count };
}

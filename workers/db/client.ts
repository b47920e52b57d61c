import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { countingD1 } from "./query-counter";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

// One Drizzle client per D1 binding, built once and reused across requests.
const clients = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(countingD1(d1), { schema });
    clients.set(d1, db);
  }
  return db;
}

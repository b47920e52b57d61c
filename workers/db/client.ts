import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { countingD1, type D1Queryable } from "./query-counter";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

// One Drizzle client per D1 binding, built once and reused across requests.
const clients = new WeakMap<D1Database, Db>();

/** The database itself (its primary): Durable Objects and the cron trigger, which have no member to follow. */
export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzleOver(countingD1(d1));
    clients.set(d1, db);
  }
  return db;
}

function drizzleOver(client: D1Queryable): Db {
  // Drizzle's D1 driver calls only prepare() and batch() (drizzle-orm/d1/session.js), which a D1 session has too;
  // its type asks for the whole D1Database (exec, dump, withSession), hence the one cast.
  return drizzle(client as D1Database, { schema });
}

/** A D1 bookmark as the Sessions API hands it out; anything else from a cookie is ignored. */
const BOOKMARK = /^[0-9a-zA-Z-]{1,128}$/;

export function isBookmark(value: string | undefined | null): value is string {
  return typeof value === "string" && BOOKMARK.test(value);
}

export type DbSession = {
  db: Db;
  /** The newest bookmark the session has seen, once it ran a query; null before. */
  bookmark: () => string | null;
};

/**
 * One D1 session per request (the Sessions API), so Cloudflare may answer reads from a replica near the member.
 * `bookmark` (the member's last one, from their cookie) makes every read at least as new as what they last
 * wrote or read: they always read their own writes. `primary` (requests that may write: forms, API mutations)
 * starts on the primary, so a statement that decides something (a seat, a limit) reads the latest state.
 * Without replication (local workerd, a database with replicas off) every session is the primary itself.
 */
export function openDbSession(d1: D1Database, { bookmark, primary }: { bookmark: string | null; primary: boolean }): DbSession {
  const constraint = primary ? "first-primary" : isBookmark(bookmark) ? bookmark : "first-unconstrained";
  const session = d1.withSession(constraint);
  return { db: drizzleOver(countingD1(session)), bookmark: () => session.getBookmark() };
}

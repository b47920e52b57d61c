/**
 * The guarded writes a running tournament shares (one-against-one and pods): the round row that exists only
 * when the batch's guard held, and the batch runner that turns a failed guard into a 409
 * (docs/decisions/2026-11-22-tournament-pairing.md).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tournamentRounds } from "../../db/schema";
import { conflict } from "../errors";
import { writeThenLoad } from "./tournaments";

/**
 * The round row. Its tournament id is read through the guard: when the guarded UPDATE before it did not apply,
 * it is NULL, the NOT NULL constraint fails and the whole batch rolls back. A second copy of the round hits the
 * unique index.
 */
export function guardedRoundInsert(
  db: Db,
  tournamentId: string,
  roundId: string,
  number: number,
  extra: { stage?: "swiss" | "cut"; endsAt?: number | null } = {},
) {
  return db.insert(tournamentRounds).values({
    id: roundId,
    tournamentId: sql`(SELECT t.id FROM tournaments t WHERE t.id = ${tournamentId} AND t.status = 'active' AND t.current_round = ${number})`,
    number,
    status: "active",
    stage: extra.stage ?? "swiss",
    endsAt: extra.endsAt ?? null,
  });
}

/** True for SQLite constraint failures, however deeply the driver wrapped them. */
function isConstraintError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (/constraint/i.test(e.message)) return true;
  return false;
}

/**
 * Runs a guarded batch and reads the tournament at its end; a failed guard
 * (NOT NULL, foreign key or unique violation) rolls it all back and becomes a 409.
 */
export async function runGuarded(db: Db, id: string, statements: Parameters<typeof writeThenLoad>[2], message: string) {
  try {
    return await writeThenLoad(db, id, statements);
  } catch (error) {
    if (isConstraintError(error)) throw conflict(message);
    throw error;
  }
}

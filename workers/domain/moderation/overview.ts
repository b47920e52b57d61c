/**
 * The administrators' page (issue 38): the operator's figures (../operations.ts operatorFigures: open rooms and the
 * members in them, webhook deliveries failing, card-service refusals and errors in the last hour) and the reports
 * waiting, per realm. Administrators only (the role rule).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { communities, reportCases } from "../../db/schema";
import { forbidden } from "../errors";
import { operatorFigures, type OperatorFigures } from "../operations/operations";
import { roleFactsQuery, toModeratorFacts } from "./facts";
import { can } from "./roles";

export type ReportsWaiting = { total: number; byRealm: { communityId: string | null; realmName: string; open: number }[] };

export async function loadOperatorOverview(
  db: Db,
  actorId: string,
  now = Date.now(),
): Promise<{ figures: OperatorFigures; reports: ReportsWaiting }> {
  const actor = toModeratorFacts(actorId, await roleFactsQuery(db, actorId).get());
  if (!can(actor, "read_operator_figures")) throw forbidden("Only administrators see the operator's figures");
  const [figures, waiting] = await Promise.all([
    operatorFigures(db, now),
    // Open cases per realm, on the (status, last_reported_at) index: the queue's own count.
    db
      .select({ communityId: reportCases.communityId, realmName: communities.displayName, open: sql<number>`count(*)` })
      .from(reportCases)
      .leftJoin(communities, eq(communities.id, reportCases.communityId))
      .where(eq(reportCases.status, "open"))
      .groupBy(reportCases.communityId)
      .all(),
  ]);
  const byRealm = waiting.map((r) => ({
    communityId: r.communityId,
    realmName: r.realmName ?? "Site-wide (profiles)",
    open: Number(r.open),
  }));
  return { figures, reports: { total: byRealm.reduce((sum, r) => sum + r.open, 0), byRealm } };
}

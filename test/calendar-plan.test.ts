import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { openDbSession } from "../workers/db/client";
import { calendarPageStatements } from "../workers/domain/events/event-queries";

async function planOf(statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = statement.toSQL();
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return plan.results.map((r) => r.detail).join("\n");
}

describe("the /calendar page's month grid reads a page of events, not the whole month", () => {
  for (const communityId of [null, "scry-gather"]) {
    it(`walks the start-time index in order and stops after the page (${communityId ?? "all realms"})`, async () => {
      const { db } = openDbSession(env.DB, { bookmark: null, primary: false });
      const input = { communityId, from: "2026-12-01", to: "2026-12-31", focusEventId: null };
      const [, month] = calendarPageStatements(db, { id: crypto.randomUUID() }, input, Date.now());
      const plan = await planOf(month);
      expect(plan).toMatch(/SEARCH events USING INDEX events_(starts|community_starts)_idx \(.*starts_at>\? AND starts_at<\?\)/);
      // Only ties on the start time are sorted (by id); no sort of every event of the month.
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    });
  }
});

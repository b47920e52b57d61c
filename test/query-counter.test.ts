import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { openDbSession } from "../workers/db/client";
import { communities } from "../workers/db/schema";
import { withQueryCounter } from "../workers/db/query-counter";
import { request } from "./helpers";

describe("rows read (benchmarks' MEASURE_D1_ROWS)", () => {
  it("adds up D1's rows_read over selects (raw), gets and batches when asked, and not otherwise", async () => {
    const { db } = openDbSession(env.DB, { bookmark: null, primary: true });
    const total = (await db.select({ n: sql<number>`count(*)` }).from(communities))[0].n;
    expect(total).toBeGreaterThan(0);

    const measured = await withQueryCounter(
      async () => {
        await db.select().from(communities); // Drizzle's raw(): a full scan reads every row
        await db.batch([db.select().from(communities), db.select().from(communities)]);
      },
      { measureRows: true },
    );
    expect(measured.queries).toBe(2);
    expect(measured.rowsRead).toBeGreaterThanOrEqual(3 * total);

    const plain = await withQueryCounter(async () => {
      await db.select().from(communities);
    });
    expect(plain).toMatchObject({ queries: 1, rowsRead: null });
  });

  it("Server-Timing reports rows read only to a request that asks, on a server that allows it", async () => {
    const plain = await request("/api/communities");
    expect(plain.headers.get("Server-Timing")).toMatch(/^d1;desc="1 queries"$/);
    const asked = await request("/api/communities", { headers: { "x-measure-d1-rows": "1" } });
    const rows = /d1-rows;desc="(\d+) rows read"/.exec(asked.headers.get("Server-Timing") ?? "")?.[1];
    expect(Number(rows)).toBeGreaterThanOrEqual(6);
  });
});

import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { isBookmark, openDbSession } from "../workers/db/client";
import { withQueryCounter } from "../workers/db/query-counter";
import { BOOKMARK_COOKIE } from "../workers/http/db-session";
import { json, request, signUp } from "./helpers";

const bookmarkFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))
    ?.split(";")[0]
    .slice(BOOKMARK_COOKIE.length + 1);

describe("D1 sessions (read replication)", () => {
  it("the write's response carries a bookmark and the member reads their own write straight after it", async () => {
    const me = await signUp("Booker");
    const write = await request("/api/user/profile", { method: "PATCH", cookie: me.cookie, body: { bio: "Fresh from the primary" } });
    expect(write.status).toBe(200);
    const bookmark = bookmarkFrom(write);
    expect(isBookmark(bookmark)).toBe(true);
    const setCookie = write.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    // The next request (a read, so it may go to a replica) is anchored at that bookmark.
    const read = await request("/api/user/profile", { cookie: `${me.cookie}; ${BOOKMARK_COOKIE}=${bookmark}` });
    expect(read.status).toBe(200);
    expect((await json(read)).bio).toBe("Fresh from the primary");
    // The page a member lands on reads it too.
    const page = await request(`/profile/${me.id}`, { cookie: `${me.cookie}; ${BOOKMARK_COOKIE}=${bookmark}` });
    expect(await page.text()).toContain("Fresh from the primary");
  });

  it("a session opened at a bookmark sees everything written before it, and its own bookmark never goes back", async () => {
    const writer = openDbSession(env.DB, { bookmark: null, primary: true });
    const id = crypto.randomUUID();
    await writer.db.run(
      // A row only this test knows, written through the primary session: a window open now, so the cron's
      // oldest-first sweep (housekeeping.test.ts counts what it deletes from the oldest) never takes it.
      sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${`db-session:${id}`}, ${Date.now()}, 1)`,
    );
    const afterWrite = writer.bookmark();
    expect(isBookmark(afterWrite)).toBe(true);
    const reader = openDbSession(env.DB, { bookmark: afterWrite, primary: false });
    const row = await reader.db.get<{ count: number }>(sql`SELECT count FROM rate_limits WHERE key = ${`db-session:${id}`}`);
    expect(row?.count).toBe(1);
    expect(reader.bookmark()! >= afterWrite!).toBe(true);
  });

  it("ignores a forged or garbage bookmark cookie instead of failing", async () => {
    const me = await signUp("Forger");
    for (const value of ["not a bookmark!", "x".repeat(500), "%00", "00000000-ffffffff-99999999-" + "f".repeat(64)]) {
      const res = await request("/api/communities", { cookie: `${me.cookie}; ${BOOKMARK_COOKIE}=${encodeURIComponent(value)}` });
      expect(res.status).toBe(200);
    }
  });

  it("keeps counting D1 round trips through a session (Server-Timing and the query budget)", async () => {
    const session = openDbSession(env.DB, { bookmark: null, primary: false });
    const { queries } = await withQueryCounter(async () => {
      await session.db.query.communities.findMany();
      await session.db.query.communities.findMany();
    });
    expect(queries).toBe(2);
    const res = await request("/api/communities");
    expect(res.headers.get("Server-Timing")).toMatch(/d1;desc="1 queries"/);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { countOperatorEvent, operatorFigures } from "../workers/domain/operations/operations";
import { runHousekeeping } from "../workers/domain/operations/housekeeping";
import { withQueryCounter } from "../workers/db/query-counter";
import { json, request, signUp } from "./helpers";

/**
 * The operator's figures (workers/domain/operations/operations.ts). The test files of a Vitest worker share one D1 and run one
 * after another, so each test reads the figures before and after its own changes and checks the difference.
 */
const db = getDb(env.DB);
const MINUTE = 60_000;
const roomBody = {
  maxPlayers: 4,
  communityId: "scry-gather",
  gameData: { name: "Figures table", format: "modern", powerLevel: "focused" },
};

describe("operator figures", () => {
  it("count open rooms with the members seated and watching in them, and stop counting a room that ended", async () => {
    const before = await operatorFigures(db);
    const [host, player, watcher] = await Promise.all([signUp("Host"), signUp("Player"), signUp("Watcher")]);
    const created = await request("/api/game-sessions", { cookie: host.cookie, body: roomBody });
    expect(created.status).toBe(201);
    const { id } = await json(created);
    expect((await request(`/api/game-sessions/${id}/join`, { method: "POST", cookie: player.cookie })).status).toBe(200);
    expect((await request(`/api/game-sessions/${id}/spectate`, { method: "POST", cookie: watcher.cookie })).status).toBe(200);

    const during = await operatorFigures(db);
    expect(during.openRooms).toEqual({
      rooms: before.openRooms.rooms + 1,
      seated: before.openRooms.seated + 2,
      watching: before.openRooms.watching + 1,
    });

    await env.DB.prepare("UPDATE game_sessions SET status = 'completed' WHERE id = ?").bind(id).run();
    expect((await operatorFigures(db)).openRooms).toEqual(before.openRooms);
  });

  it("count webhook deliveries that failed in the last day and those pending for over 10 minutes", async () => {
    const member = await signUp("Botowner");
    const token = await json(
      await request("/api/tokens", { cookie: member.cookie, body: { name: "Figures bot", scopes: ["rooms:read"] } }),
    );
    const now = Date.now();
    const before = await operatorFigures(db, now);
    const delivery = (status: string, createdAgo: number, updatedAgo: number) =>
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, token_id, event, session_id, payload, status, attempts, created_at, updated_at) VALUES (?, ?, 'room.started', ?, '{}', ?, 1, ?, ?)",
      ).bind(crypto.randomUUID(), token.id, crypto.randomUUID(), status, now - createdAgo, now - updatedAgo);
    await env.DB.batch([
      delivery("failed", 60 * MINUTE, 45 * MINUTE), // counted: failed in the last day
      delivery("failed", 3 * 24 * 60 * MINUTE, 3 * 24 * 60 * MINUTE), // too old
      delivery("pending", 20 * MINUTE, 5 * MINUTE), // counted: pending for 20 minutes
      delivery("pending", 2 * MINUTE, 2 * MINUTE), // still within its retries
      delivery("delivered", 30 * MINUTE, 29 * MINUTE),
    ]);
    expect((await operatorFigures(db, now)).webhookDeliveries).toEqual({
      failedLastDay: before.webhookDeliveries.failedLastDay + 1,
      stuckPending: before.webhookDeliveries.stuckPending + 1,
    });
  });

  it("count card-service refusals and errors of the last hour by minute, which housekeeping lets go after an hour", async () => {
    const now = Date.now();
    const before = await operatorFigures(db, now);
    await db.batch([
      countOperatorEvent(db, "cardRefusals", now),
      countOperatorEvent(db, "cardRefusals", now),
      countOperatorEvent(db, "cardRefusals", now - 30 * MINUTE),
      countOperatorEvent(db, "errors", now - 59 * MINUTE, 3),
      // An hour and more ago: no longer "the last hour".
      countOperatorEvent(db, "errors", now - 61 * MINUTE, 5),
    ]);
    const after = await operatorFigures(db, now);
    expect(after.cardServiceRefusalsLastHour).toBe(before.cardServiceRefusalsLastHour + 3);
    expect(after.errorsLastHour).toBe(before.errorsLastHour + 3);
    // Two events of one minute are one row.
    const minute = Math.floor(now / MINUTE) * MINUTE;
    const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
      .bind(`ops:card-refused:${minute}`)
      .first<{ count: number }>();
    expect(row?.count).toBeGreaterThanOrEqual(2);
    // Housekeeping deletes the counters older than an hour with the expired rate-limit windows.
    await runHousekeeping(env, db, now);
    const old = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'ops:%' AND window_start < ?")
      .bind(now - 60 * MINUTE)
      .first<{ n: number }>();
    expect(old?.n).toBe(0);
  });

  it("read every figure in one D1 round trip", async () => {
    const { queries } = await withQueryCounter(async () => {
      await operatorFigures(db);
    });
    expect(queries).toBe(1);
  });
});

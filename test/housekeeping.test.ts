import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import worker from "../workers/app";
import { HOUSEKEEPING_BATCH } from "../workers/domain/housekeeping-rules";
import { json, request, signUp, type Member } from "./helpers";
import { closeAllSockets, joinRoom, ofType, createRoom } from "./room-socket";

const DAY = 86_400_000;

/** Runs the Worker's own `scheduled()` handler, as the cron trigger does, and waits for its work. */
async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

const newRoom = (host: Member) => createRoom(host, { name: "Quiet pod" });

const age = (id: string, at: number) =>
  env.DB.prepare("UPDATE game_sessions SET created_at = ?1, updated_at = ?1 WHERE id = ?2").bind(at, id).run();
const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM game_sessions WHERE id = ?").bind(id).first<{ status: string }>())!.status;

afterEach(closeAllSockets);

describe("cron housekeeping", () => {
  it("deletes expired rate-limit windows in batches of HOUSEKEEPING_BATCH and keeps open ones", async () => {
    const now = Date.now();
    const tag = crypto.randomUUID();
    // Older than any window another test file leaves in the shared D1, so the cron's oldest-first batch is ours.
    const expired = 1;
    const rows = Array.from({ length: HOUSEKEEPING_BATCH + 40 }, (_, i) =>
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)").bind(`old-${tag}:${i}`, expired),
    );
    await env.DB.batch([
      ...rows,
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)").bind(`live-${tag}`, now - 60_000),
    ]);

    await runCron(now);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?", `old-${tag}:%`)).toBe(40);
    await runCron(now + 60_000);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?", `old-${tag}:%`)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = ?", `live-${tag}`)).toBe(1);
  });

  it("deletes read notifications after 90 days and unread ones after a year, nothing younger", async () => {
    const me = await signUp("Keeper");
    const now = Date.now();
    const notes = [
      ["read-old", 1, now - 91 * DAY],
      ["read-young", 1, now - 89 * DAY],
      ["unread-old", 0, now - 366 * DAY],
      ["unread-young", 0, now - 300 * DAY],
    ] as const;
    await env.DB.batch(
      notes.map(([title, read, at]) =>
        env.DB.prepare(
          "INSERT INTO notifications (id, user_id, type, title, message, read, created_at) VALUES (?, ?, 'system', ?, 'm', ?, ?)",
        ).bind(crypto.randomUUID(), me.id, title, read, at),
      ),
    );
    await runCron(now);
    const { results } = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ? ORDER BY title")
      .bind(me.id)
      .all<{ title: string }>();
    expect(results.map((r) => r.title)).toEqual(["read-young", "unread-young"]);
  });

  it("deletes webhook deliveries after 30 days, nothing younger", async () => {
    const now = Date.now();
    const owner = await signUp("Hook", "Keeper");
    const token = await json(await request("/api/tokens", { cookie: owner.cookie, body: { name: "Sweep bot", scopes: ["rooms:read"] } }));
    const insert = (id: string, at: number) =>
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, token_id, event, session_id, payload, status, attempts, created_at, updated_at) VALUES (?1, ?2, 'room.started', 'room', '{}', 'delivered', 1, ?3, ?3)",
      ).bind(id, token.id, at);
    const tag = crypto.randomUUID();
    // Older than anything another test file leaves, so the oldest-first batch reaches these.
    await env.DB.batch([insert(`old-${tag}`, 1), insert(`young-${tag}`, now - 29 * DAY)]);
    await runCron(now);
    expect(await count("SELECT count(*) AS n FROM webhook_deliveries WHERE id = ?", `old-${tag}`)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM webhook_deliveries WHERE id = ?", `young-${tag}`)).toBe(1);
  });

  it("ends waiting rooms idle for a day through the room service, and leaves younger, active and busy ones alone", async () => {
    const host = await signUp("Idler");
    const now = Date.now();
    const abandoned = await newRoom(host);
    const { socket } = await joinRoom(host, abandoned);
    await age(abandoned, now - 2 * DAY);
    const young = await newRoom(host);
    await age(young, now - 2 * 60 * 60_000);
    // Created long ago but a place changed an hour ago: someone is still gathering players.
    const stirring = await newRoom(host);
    await env.DB.prepare("UPDATE game_sessions SET created_at = ?, updated_at = ? WHERE id = ?")
      .bind(now - 3 * DAY, now - 60 * 60_000, stirring)
      .run();
    const active = await newRoom(host);
    await env.DB.prepare("UPDATE game_sessions SET status = 'active', created_at = ?1, updated_at = ?1 WHERE id = ?2")
      .bind(now - 2 * DAY, active)
      .run();

    await runCron(now);
    expect(await statusOf(abandoned)).toBe("completed");
    expect(await statusOf(young)).toBe("waiting");
    expect(await statusOf(stirring)).toBe("waiting");
    expect(await statusOf(active)).toBe("active");
    // The room was told: its open socket hears the room is over.
    // (Since issue 14 a room that ends tells every socket with `room_ended`, not a room_update.)
    const ended = await socket.next(ofType("room_ended"));
    expect(ended.reason).toBe("idle");
    // And the lobby no longer lists it.
    const lobby = await json(await request("/api/game-sessions?status=waiting"));
    expect(JSON.stringify(lobby)).not.toContain(abandoned);
  });
});

import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../workers/app";
import { STALE_TABLE_TEXT } from "../workers/domain/discord/discord-messages";
import { TABLE_STALE_MS } from "../workers/domain/discord/discord-table-rules";
import { lfg, linkedPlayers as players, newServer, press, setUpServer, tableMessageOf, tableRow, timeAnswers } from "./discord-helpers";

/** Issue 39's loose end: a channel never keeps showing a table that will not fill. Against the fake Discord. */

const { timed } = timeAnswers("stale tables");

describe("a table nobody joins", () => {
  it("is closed by the cron after three hours, its message saying so without buttons; a table someone joined lately stays", async () => {
    const [quiet, busy] = [newServer(), newServer()];
    await Promise.all([setUpServer(quiet), setUpServer(busy)]);
    const [ann, ben, cat] = await players(["Quiet", "Busy", "Late"]);
    await timed(lfg(ann!.discord, quiet));
    await timed(lfg(ben!.discord, busy));
    const message = await tableMessageOf(quiet.channel_id, (m) => m.components.length > 0);
    const busyMessage = await tableMessageOf(busy.channel_id, (m) => m.components.length > 0);
    await timed(press(cat!.discord, busy, busyMessage, "Join"));
    // Both tables opened four hours ago; on the busy one somebody joined an hour ago.
    const now = Date.now();
    const opened = now - TABLE_STALE_MS - 3_600_000;
    for (const server of [quiet, busy]) {
      const { id } = (await tableRow(server.channel_id))!;
      await env.DB.batch([
        env.DB.prepare("UPDATE discord_tables SET created_at = ?1, updated_at = ?1 WHERE id = ?2").bind(opened, id),
        env.DB.prepare("UPDATE discord_table_players SET joined_at = ?1 WHERE table_id = ?2").bind(opened, id),
      ]);
    }
    await env.DB.prepare("UPDATE discord_table_players SET joined_at = ? WHERE discord_user_id = ?")
      .bind(now - 3_600_000, cat!.discord.id)
      .run();

    // The Worker's own scheduled() handler, as the cron trigger runs it each minute.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await tableRow(quiet.channel_id))!.status).toBe("closed");
    const closed = await tableMessageOf(quiet.channel_id, (m) => m.id === message.id && m.content.startsWith("**Table closed**"));
    expect(closed.content).toContain(STALE_TABLE_TEXT);
    expect(closed.components).toEqual([]);
    expect((await tableRow(busy.channel_id))!.status).toBe("open");
    // The channel's next /lfg opens a new table.
    const again = await timed(lfg(ann!.discord, quiet));
    expect(again.body).toEqual({ type: 5, data: { flags: 64 } });
    await tableMessageOf(quiet.channel_id, (m) => m.id !== message.id && m.content.startsWith("**Looking for players**"));
  });
});

/**
 * A moderator's word at Discord tables (issue 39 with moderation): a member removed from the table's realm, or
 * suspended, sits at no table and opens none, against the fake Discord.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import {
  discordId,
  lfg,
  linkedPlayers as players,
  newServer,
  press,
  setUpServer,
  tableMessageOf,
  tableRow,
  timeAnswers,
} from "./discord-helpers";
import { closeAllSockets } from "./room-socket";

afterEach(() => closeAllSockets());

const { timed } = timeAnswers("moderated tables");

describe("a moderator's word holds at Discord tables too", () => {
  it("never seats a member removed from the table's realm or suspended, and leaves no table behind them", async () => {
    const server = newServer();
    await setUpServer(server);
    const [host, removed, suspended] = await players(["Host", "Removed", "Suspended"]);
    await timed(lfg(host!.discord, server));
    const table = (await tableRow(server.channel_id))!;
    const realm = (await env.DB.prepare("SELECT community_id AS communityId FROM discord_tables WHERE id = ?")
      .bind(table.id)
      .first<{ communityId: string }>())!.communityId;
    // What a moderator's removal and an administrator's suspension leave in D1 (moderation's own tests drive those).
    await env.DB.batch([
      env.DB.prepare("INSERT INTO realm_removals (community_id, user_id, until, reason, created_at) VALUES (?, ?, NULL, 'spam', ?)").bind(
        realm,
        removed!.member.id,
        Date.now(),
      ),
      env.DB.prepare("INSERT INTO member_suspensions (user_id, until, reason, created_at) VALUES (?, ?, 'abuse', ?)").bind(
        suspended!.member.id,
        Date.now() + 86_400_000,
        Date.now(),
      ),
    ]);
    const message = await tableMessageOf(server.channel_id);
    for (const kept of [removed!, suspended!]) {
      const refused = await timed(press(kept.discord, server, message, "Join"));
      expect(refused.body.data).toMatchObject({ flags: 64 });
      expect(refused.body.data.content).toMatch(/a moderator removed you from it or suspended your account/);
    }
    const seated = await env.DB.prepare("SELECT user_id AS userId FROM discord_table_players WHERE table_id = ?")
      .bind(table.id)
      .all<{ userId: string }>();
    expect(seated.results.map((r) => r.userId)).toEqual([host!.member.id]);
    // In another channel of the server, /lfg by the suspended member opens nothing.
    const elsewhere = { ...server, channel_id: discordId() };
    const viaLfg = await timed(lfg(suspended!.discord, elsewhere));
    expect(viaLfg.body.data.content).toMatch(/a moderator removed you from it or suspended your account/);
    expect(await tableRow(elsewhere.channel_id)).toBeFalsy();
  });
});

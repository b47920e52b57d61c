import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { MEMBER_PERMISSIONS } from "../scripts/fakes/discord-shapes.mjs";
import { tableButtonId } from "../workers/contract/discord";
import {
  channelMessages,
  discordPerson,
  fillTable,
  interact,
  lfg,
  linkedPlayers as players,
  newServer,
  press,
  realmcast,
  requestsTo,
  setUpServer,
  tableMessageOf,
  tableRow,
  timeAnswers,
  waitForMessage,
  type Player,
} from "./discord-helpers";
import { request } from "./helpers";
import { closeAllSockets, joinRoom, ofType } from "./room-socket";
import { submitForm } from "./single-fetch";

/**
 * Issue 39, end to end against the fake Discord: a server is tied to a realm, `/lfg` opens the channel's table, Join
 * and Leave change it, the last seat makes a private room of exactly those players (pinged, and only they), and the
 * room's confirmed result is posted back to the channel. Every answer is timed against Discord's 3-second window.
 */

afterEach(() => closeAllSockets());

const { timed, record } = timeAnswers("tables");

const roomOf = async (sessionId: string) =>
  env.DB.prepare(
    "SELECT host_id AS hostId, is_private AS isPrivate, max_players AS maxPlayers, community_id AS communityId FROM game_sessions WHERE id = ?",
  )
    .bind(sessionId)
    .first<{ hostId: string; isPrivate: number; maxPlayers: number; communityId: string }>();

describe("/realmcast setup", () => {
  it("ties the server to a realm with the channel's defaults, only for those who may manage the server", async () => {
    const server = newServer();
    const someone = discordPerson("Someone");
    const refused = await timed(realmcast(someone, server, "setup", { realm: "scry-gather" }, { permissions: MEMBER_PERMISSIONS }));
    expect(refused.body).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(refused.body.data.content).toMatch(/Manage Server or Administrator/);
    const none = await env.DB.prepare("SELECT count(*) AS n FROM discord_guilds WHERE guild_id = ?")
      .bind(server.guild_id)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);

    const set = await timed(setUpServer(server, "bladeforge", { format: "commander", seats: 3, bracket: 2 }));
    expect(set.body.data.content).toMatch(/Bladeforge.*Bracket 2.*3 seats/);
    // A bracket that the format does not have is refused, and changes nothing.
    const wrong = await timed(
      realmcast(discordPerson("Admin"), server, "setup", { realm: "bladeforge", format: "standard", bracket: 3 }, { permissions: "8" }),
    );
    expect(wrong.body.data.flags).toBe(64);
    expect(wrong.body.data.content).not.toMatch(/^This server now plays/);

    // /lfg now opens tables of the channel's defaults.
    const [ann] = await players(["Ann"]);
    expect((await timed(lfg(ann!.discord, server))).body).toEqual({ type: 5, data: { flags: 64 } });
    const message = await tableMessageOf(server.channel_id);
    expect(message.content).toMatch(/^\*\*Looking for players\*\* · Commander.*Bracket 2.* · 3 seats/);
    expect(message.content).toContain(`In (1/3): <@${ann!.discord.id}>`);
  });

  it("tells a server that was not set up to do so", async () => {
    const [ann] = await players(["Nobody"]);
    const answer = await timed(lfg(ann!.discord, newServer()));
    expect(answer.body.data).toMatchObject({ flags: 64 });
    expect(answer.body.data.content).toMatch(/runs \/realmcast setup first/);
  });
});

describe("/lfg and the table's buttons", () => {
  it("asks a Discord user with no linked account to sign in with Discord, privately, and seats nobody", async () => {
    const server = newServer();
    await setUpServer(server);
    const stranger = discordPerson("Stranger");
    const answer = await timed(lfg(stranger, server));
    expect(answer.body.type).toBe(4);
    expect(answer.body.data.flags).toBe(64);
    expect(answer.body.data.content).toMatch(/Sign in to Realmcast with Discord once/);
    const link = answer.body.data.components[0].components[0];
    expect(link).toMatchObject({ type: 2, style: 5, label: "Sign in with Discord" });
    expect(link.url).toBe("http://localhost/api/login?provider=discord&returnTo=%2Ftablesync");
    expect(await tableRow(server.channel_id)).toBeNull();

    // The same at a table's Join button.
    const [ann] = await players(["Opener"]);
    await timed(lfg(ann!.discord, server));
    const message = await tableMessageOf(server.channel_id);
    const pressed = await timed(press(stranger, server, message, "Join"));
    expect(pressed.body.data.content).toMatch(/Sign in to Realmcast with Discord once/);
    expect((await tableMessageOf(server.channel_id)).content).toContain("In (1/4)");
  });

  it("shows who is in and the seats left; Join, a second /lfg and Leave change it", async () => {
    const server = newServer();
    await setUpServer(server);
    const [ann, ben, cat, dan] = await players(["Ann", "Ben", "Cat", "Dan"]);
    await timed(lfg(ann!.discord, server));
    let message = await tableMessageOf(server.channel_id);
    expect(message.content).toContain("In (1/4)");
    expect(message.content).toContain("3 seats left");
    expect(message.pinged).toEqual([]);
    // The member was told where their table is (the deferred answer, edited).
    await waitForMessage(
      server.channel_id,
      (m) => !!m.interaction && /^Your table is open: https:\/\/discord.com\/channels\//.test(m.content),
    );

    const joined = await timed(press(ben!.discord, server, message, "Join"));
    expect(joined.body.type).toBe(7);
    expect(joined.body.data.content).toContain(`In (2/4): <@${ann!.discord.id}> <@${ben!.discord.id}>`);
    const again = await timed(press(ben!.discord, server, message, "Join"));
    expect(again.body.data).toMatchObject({ flags: 64, content: "You are already at this table." });

    // A second /lfg joins the channel's open table instead of opening another.
    const second = await timed(lfg(cat!.discord, server));
    expect(second.body.data.content).toMatch(/^You joined this channel's table \(3\/4\)/);
    message = await tableMessageOf(server.channel_id, (m) => m.content.includes("In (3/4)"));
    const same = await timed(lfg(cat!.discord, server));
    expect(same.body.data.content).toMatch(/^You are already at this channel's table/);
    // Options said out loud that differ from the open table's are refused, not a second table.
    const other = await timed(lfg(dan!.discord, server, { seats: 2 }));
    expect(other.body.data.content).toMatch(/This channel's open table is/);
    const tables = await env.DB.prepare("SELECT count(*) AS n FROM discord_tables WHERE channel_id = ?")
      .bind(server.channel_id)
      .first<{ n: number }>();
    expect(tables!.n).toBe(1);

    const left = await timed(press(ben!.discord, server, message, "Leave"));
    expect(left.body.type).toBe(7);
    expect(left.body.data.content).toContain(`In (2/4): <@${ann!.discord.id}> <@${cat!.discord.id}>`);
    const notIn = await timed(press(ben!.discord, server, message, "Leave"));
    expect(notIn.body.data.content).toBe("You are not at this table.");
    // Everyone leaves: the table closes, and its buttons go.
    await timed(press(ann!.discord, server, message, "Leave"));
    const last = await timed(press(cat!.discord, server, message, "Leave"));
    expect(last.body.data.content).toMatch(/^\*\*Table closed\*\*/);
    expect((await tableRow(server.channel_id))!.status).toBe("closed");
  });

  it("never seats a member at a table with someone a block stands between", async () => {
    const server = newServer();
    await setUpServer(server);
    const [ann, ben, cat] = await players(["Blocker", "Blocked", "Fine"]);
    expect((await request("/api/blocks", { cookie: ann!.member.cookie, body: { userId: ben!.member.id } })).status).toBe(200);
    await timed(lfg(ann!.discord, server));
    const message = await tableMessageOf(server.channel_id);
    const refused = await timed(press(ben!.discord, server, message, "Join"));
    expect(refused.body.data).toMatchObject({ flags: 64 });
    expect(refused.body.data.content).toMatch(/a block stands between you/);
    // Nor by /lfg, which would otherwise join the channel's open table.
    const viaLfg = await timed(lfg(ben!.discord, server));
    expect(viaLfg.body.data.content).toMatch(/a block stands between you/);
    expect(await timed(press(cat!.discord, server, message, "Join"))).toMatchObject({ body: { type: 7 } });
    const seated = await env.DB.prepare("SELECT user_id AS userId FROM discord_table_players WHERE table_id = ? ORDER BY joined_at")
      .bind((await tableRow(server.channel_id))!.id)
      .all<{ userId: string }>();
    expect(seated.results.map((r) => r.userId)).toEqual([ann!.member.id, cat!.member.id]);
  });
});

/** Joins every invited player to the room, starts it as the host and ends it. */
async function playOut(sessionId: string, table: Player[]) {
  const [host] = table;
  const sockets = [];
  for (const p of table) sockets.push(await joinRoom(p.member, sessionId));
  expect((await submitForm(`/tablesync/room/${sessionId}`, host!.member, { intent: "start" })).status).toBe(200);
  await sockets[0]!.socket.next(ofType("game_started"));
  sockets[0]!.socket.send({ type: "end_game", sessionId });
  await sockets[0]!.socket.next(ofType("room_ended"));
  closeAllSockets();
}

describe("a full table, from /lfg to its room to its result in the channel", () => {
  it("makes a private room of exactly the players, pings them, and posts the confirmed result back", async () => {
    const server = newServer();
    await setUpServer(server, "scry-gather", { format: "commander", seats: 4, bracket: 3 });
    const table = await players(["Ada", "Bo", "Cy", "Di"]);
    const [ada, bo, cy, di] = table as [Player, Player, Player, Player];
    const outsider = (await players(["Eve"]))[0]!;
    const { message, answers } = await fillTable(server, table);
    record(answers);
    const filled = answers.at(-1)!;
    expect(filled.body.type).toBe(7);
    expect(filled.body.data.content).toMatch(/^\*\*Table ready\*\*/);

    const row = (await tableRow(server.channel_id))!;
    expect(row.status).toBe("filled");
    const sessionId = row.sessionId!;
    expect(await roomOf(sessionId)).toEqual({ hostId: ada.member.id, isPrivate: 1, maxPlayers: 4, communityId: "scry-gather" });
    const invited = await env.DB.prepare("SELECT user_id AS userId FROM game_session_invites WHERE session_id = ? ORDER BY user_id")
      .bind(sessionId)
      .all<{ userId: string }>();
    expect(invited.results.map((r) => r.userId).sort()).toEqual([bo.member.id, cy.member.id, di.member.id].sort());

    // The table's message shows the room's link (and pings nobody: an edit never does).
    expect(message.content).toContain(`/tablesync/room/${sessionId}`);
    expect(message.components[0].components[0]).toMatchObject({ style: 5, label: "Open the room" });
    // The players are pinged in a new message, and only they.
    const ping = await waitForMessage(server.channel_id, (m) => m.pinged.length > 0);
    expect(ping.pinged.sort()).toEqual(table.map((p) => p.discord.id).sort());
    expect(ping.content).toContain(`/tablesync/room/${sessionId}`);
    const posts = (await requestsTo(server.channel_id)).filter((r) => r.method === "POST");
    for (const p of posts.filter((r) => r.body?.allowed_mentions?.users)) {
      expect(p.body.allowed_mentions).toEqual({ parse: [], users: expect.any(Array) });
    }

    // The room seats exactly them: one who did not press Join may not take a seat.
    const outsiderEnters = await request(`/tablesync/room/${sessionId}`, {
      method: "POST",
      cookie: outsider.member.cookie,
      body: new URLSearchParams({ intent: "enter", mode: "play" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
    });
    await outsiderEnters.arrayBuffer();
    const seatedPlayers = await env.DB.prepare(
      "SELECT user_id AS userId FROM game_session_members WHERE session_id = ? AND role = 'player'",
    )
      .bind(sessionId)
      .all<{ userId: string }>();
    expect(seatedPlayers.results.map((r) => r.userId)).toEqual([ada.member.id]);

    // The table is filled: a Join pressed on an older copy of its message (a client that had not refreshed) is refused.
    const late = await timed(
      interact({ kind: "button", user: outsider.discord, ...server, custom_id: tableButtonId("join", row.id), message_id: message.id }),
    );
    expect(late.body.data.content).toMatch(/This table has closed/);

    await playOut(sessionId, table);
    const recorded = await request(`/api/game-sessions/${sessionId}/result`, {
      cookie: ada.member.cookie,
      body: {
        outcome: "win",
        winnerId: cy.member.id,
        endTurn: 11,
        commanders: [
          { playerId: ada.member.id, commander: "Atraxa, Praetors' Voice" },
          { playerId: cy.member.id, commander: "Krenko, Mob Boss" },
        ],
      },
    });
    expect(recorded.status, await recorded.clone().text()).toBe(201);
    // Nothing is posted until every player confirmed.
    for (const p of [bo, cy]) {
      expect(
        (await request(`/api/game-sessions/${sessionId}/result/response`, { cookie: p.member.cookie, body: { response: "confirm" } }))
          .status,
      ).toBe(200);
    }
    expect((await channelMessages(server.channel_id)).some((m) => m.content.startsWith("**Game over**"))).toBe(false);
    expect(
      (await request(`/api/game-sessions/${sessionId}/result/response`, { cookie: di.member.cookie, body: { response: "confirm" } }))
        .status,
    ).toBe(200);

    const result = await waitForMessage(server.channel_id, (m) => m.content.startsWith("**Game over**"));
    expect(result.content).toContain("Bracket 3");
    expect(result.content).toContain("ended on turn 11");
    expect(result.content).toContain(`Winner: <@${cy.discord.id}> (Krenko, Mob Boss)`);
    expect(result.content).toContain(`<@${ada.discord.id}> (Atraxa, Praetors' Voice)`);
    expect(result.pinged).toEqual([]);
    const resultRow = await env.DB.prepare("SELECT result_posted_at AS at FROM discord_tables WHERE session_id = ?")
      .bind(sessionId)
      .first<{ at: number | null }>();
    expect(resultRow!.at).not.toBeNull();

    // /realmcast stats shows the winner's games as the profile does.
    const stats = await timed(realmcast(ada.discord, server, "stats", { user: cy.discord.id }));
    expect(stats.body.data.flags).toBe(64);
    expect(stats.body.data.content).toMatch(/1 game, 1 win/);
    expect(stats.body.data.content).toContain("Krenko, Mob Boss");
    expect(stats.body.data.content).toContain(`/profile/${cy.member.id}`);
  });
});

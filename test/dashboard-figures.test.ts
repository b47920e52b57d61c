import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { communityCookieValue } from "../app/lib/community-cookie";
import { loadMemberHome } from "../app/routes/_index/member-home.server";
import { getDb } from "../workers/db/client";
import { findUserById } from "../workers/domain/members/users";
import { request, signUp, type Member } from "./helpers";

async function homeOf(member: Member, community: string) {
  const db = getDb(env.DB);
  const user = await findUserById(db, member.id);
  const home = await loadMemberHome(new Request(`http://localhost/?index&realm=${community}`), { db, user });
  if (!home.signedIn) throw new Error("signed out");
  return home;
}

/** A finished tournament match between `a` and `b` with the given game wins. */
function match(tournamentId: string, roundId: string, table: number, a: string, b: string | null, aWins: number, bWins: number, draws = 0) {
  return env.DB.prepare(
    "INSERT INTO tournament_matches (id, tournament_id, round_id, round_number, table_number, player1_id, player2_id, status, player1_wins, player2_wins, draws) VALUES (?, ?, ?, 1, ?, ?, ?, 'completed', ?, ?, ?)",
  ).bind(crypto.randomUUID(), tournamentId, roundId, table, a, b, aWins, bWins, draws);
}

describe("honest dashboards: every figure is read from data", () => {
  it("counts rooms played (all and in this realm), tournaments, the match record and forum posts", async () => {
    const me = await signUp("Figures");
    const rival = await signUp("Rival");
    const [duelRoom, otherRoom, watched, tournament, round] = Array.from({ length: 5 }, () => crypto.randomUUID());
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO game_sessions (id, host_id, community_id, name, format, max_players) VALUES (?, ?, 'duelcraft', 'R1', 'Advanced', 4)",
      ).bind(duelRoom, rival.id),
      env.DB.prepare(
        "INSERT INTO game_sessions (id, host_id, community_id, name, format, max_players) VALUES (?, ?, 'decksong', 'R2', 'Core', 4)",
      ).bind(otherRoom, rival.id),
      env.DB.prepare(
        "INSERT INTO game_sessions (id, host_id, community_id, name, format, max_players) VALUES (?, ?, 'duelcraft', 'R3', 'Advanced', 4)",
      ).bind(watched, rival.id),
      env.DB.prepare("INSERT INTO game_session_members (session_id, user_id, role, seat) VALUES (?, ?, 'player', 1)").bind(duelRoom, me.id),
      env.DB.prepare("INSERT INTO game_session_members (session_id, user_id, role, seat) VALUES (?, ?, 'player', 2)").bind(
        otherRoom,
        me.id,
      ),
      // Watching is not playing.
      env.DB.prepare("INSERT INTO game_session_members (session_id, user_id, role, seat) VALUES (?, ?, 'spectator', NULL)").bind(
        watched,
        me.id,
      ),
      env.DB.prepare(
        "INSERT INTO tournaments (id, name, game_format, max_participants, start_date, community_id, organizer_id) VALUES (?, 'Cup', 'Advanced', 8, '2030-01-01T10:00:00.000Z', 'duelcraft', ?)",
      ).bind(tournament, rival.id),
      env.DB.prepare("INSERT INTO tournament_participants (tournament_id, user_id) VALUES (?, ?)").bind(tournament, me.id),
      env.DB.prepare("INSERT INTO tournament_participants (tournament_id, user_id) VALUES (?, ?)").bind(tournament, rival.id),
      env.DB.prepare("INSERT INTO tournament_rounds (id, tournament_id, number) VALUES (?, ?, 1)").bind(round, tournament),
      match(tournament, round, 1, me.id, rival.id, 2, 1), // won as player 1
      match(tournament, round, 2, rival.id, me.id, 2, 0), // lost as player 2
      match(tournament, round, 3, rival.id, me.id, 1, 1, 1), // drawn
      match(tournament, round, 4, me.id, null, 2, 0), // a bye: a win
      env.DB.prepare(
        "INSERT INTO forum_posts (id, community_id, author_id, title, category, content) VALUES (?, 'duelcraft', ?, 'Hi', 'general', 'x')",
      ).bind(crypto.randomUUID(), me.id),
    ]);

    const home = await homeOf(me, "duelcraft");
    expect(home.community?.figures).toMatchObject({
      roomsPlayed: 2,
      communityRoomsPlayed: 1,
      tournamentsPlayed: 1,
      matchRecord: { wins: 2, losses: 1, draws: 1 },
      forumPosts: 1,
    });
    const all = await homeOf(me, "all");
    expect(all.home?.figures).toMatchObject({ roomsPlayed: 2, communityRoomsPlayed: 0, tournamentsPlayed: 1, forumPosts: 1 });
  });

  it("shows no invented figure on any dashboard", async () => {
    const me = await signUp("Honest");
    const communities = ["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"];
    for (const community of [...communities, null]) {
      const cookie = community ? `${me.cookie}; selectedCommunityId=${communityCookieValue(community)}` : me.cookie;
      const html = await (await request("/", { cookie })).text();
      for (const invented of ["127", "4.9", "42", "1,347", "89", "73", "8 badges", "6 earned", "Kanto", "Lightning", "Level Master"]) {
        expect(html, `${community ?? "all"}: ${invented}`).not.toMatch(new RegExp(`>\\s*${invented.replace(".", "\\.")}\\s*<`));
      }
      expect(html).toContain("Match record (W-L-D)");
    }
  });
});

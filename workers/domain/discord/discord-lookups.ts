import { eq } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import { listGameSessionsQuery } from "../../contract/game-sessions";
import { users } from "../../db/schema";
import { replyPrivately, reply, playUrl, type DiscordDeps, type Handled } from "./discord-answers";
import type { LinkedMember, Prelude } from "./discord-guilds";
import { realmName, roomsMessage, statsMessage } from "./discord-messages";
import { NOT_SET_UP } from "./discord-table-flow";
import { listGameSessions } from "../rooms/game-session-list";
import { memberGamesQueries, toMemberGames } from "../results/game-stats";
import { privacyFlag } from "../members/privacy";

/**
 * `/realmcast stats` and `/realmcast rooms` (issue 39): reads shown only to the member who asked (ephemeral),
 * because they are what Realmcast shows that member: a member's games as their profile shows them to the asker
 * (game-stats.ts, which obeys `profileVisible`), and the rooms the asker may see listed (room-visibility.ts
 * roomsListedTo, through the lobby's own list). A Discord user with no linked account asks as a visitor.
 */

/** Rooms listed at most. */
export const ROOMS_LISTED = 10;

export async function memberStats(deps: DiscordDeps, prelude: Prelude, asked: { targetDiscordId: string | null }): Promise<Handled> {
  const target: LinkedMember | null = asked.targetDiscordId ? prelude.target : prelude.member;
  if (!target) {
    return replyPrivately(
      asked.targetDiscordId
        ? "That Discord user has not linked a Realmcast account."
        : "Realmcast does not know your Discord account yet: sign in to Realmcast with Discord once to link it.",
    );
  }
  const viewerId = prelude.member?.id ?? "";
  const [recent, totals, commanders, brackets, visibility] = await deps.db.batch([
    ...memberGamesQueries(deps.db, target.id, viewerId),
    deps.db
      .select({ visible: privacyFlag(users.id, "profileVisible").as("visible") })
      .from(users)
      .where(eq(users.id, target.id)),
  ]);
  const games = toMemberGames([recent, totals, commanders, brackets]);
  const hidden = viewerId !== target.id && !visibility[0]?.visible;
  return reply(
    statsMessage({
      name: displayName(target),
      profileUrl: new URL(`/profile/${encodeURIComponent(target.id)}`, deps.origin).toString(),
      hidden,
      games: games.stats.games,
      wins: games.stats.wins,
      byCommander: games.stats.byCommander,
      byBracket: games.stats.byBracket,
      recent: games.recent.map((g) => ({ name: g.name, format: g.format, status: g.status, won: g.won, commander: g.commander })),
    }),
  );
}

export async function openRooms(deps: DiscordDeps, prelude: Prelude): Promise<Handled> {
  if (!prelude.guild) return replyPrivately(NOT_SET_UP);
  const communityId = prelude.guild.communityId;
  const page = await listGameSessions(
    deps.db,
    prelude.member?.id ?? null,
    listGameSessionsQuery.parse({ communityId, status: "waiting", limit: ROOMS_LISTED }),
  );
  const rooms = page.sessions
    .filter((r) => r.currentPlayers < r.maxPlayers && !r.viewerRemoved)
    .map((r) => ({
      name: r.gameData.name,
      url: playUrl(deps.origin, r.id),
      format: r.gameData.format,
      bracket: r.gameData.bracket,
      powerLevel: r.gameData.powerLevel,
      players: r.currentPlayers,
      maxPlayers: r.maxPlayers,
      host: r.host.name,
    }));
  return reply(roomsMessage(realmName(communityId), rooms, new URL("/tablesync", deps.origin).toString()));
}

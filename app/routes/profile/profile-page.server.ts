import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { listSocialLinks, profileQuery, toProfile } from "../../../workers/domain/profile";
import { memberGamesQueries, toMemberGames } from "../../../workers/domain/game-stats";
import { listDecks } from "../../../workers/domain/decks";
import { listMemberCommunities } from "../../../workers/domain/community-membership";
import type { ProfilePageData } from "~/components/profile/profile-page";

/** Loader data of /profile and /profile/:userId: `userId`'s profile as `viewerId` sees it (404 when missing). */
export async function loadProfilePage(context: AppLoadContext, viewerId: string, userId: string) {
  const isOwner = viewerId === userId;
  const { db } = context;
  const [[profileRows, ...gameRows], links, memberCommunities, decks] = await Promise.all([
    // The profile and its games in one round trip.
    db.batch([profileQuery(db, userId), ...memberGamesQueries(db, userId, viewerId)]),
    listSocialLinks(context.db, userId, viewerId),
    listMemberCommunities(context.db, userId, viewerId),
    // Decks are the owner's own (their Decks card); others see none here.
    isOwner ? listDecks(context.db, userId) : [],
  ]);
  const profile = toProfile(profileRows[0], userId, viewerId);
  const games = toMemberGames(gameRows);
  return json<ProfilePageData>({ profile, links, memberCommunities, decks, games, isOwner }, { status: profile ? 200 : 404 });
}

import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { profileQuery, socialLinksQuery, toProfile } from "../../../workers/domain/members/profile";
import { memberGamesQueries, toMemberGames } from "../../../workers/domain/results/game-stats";
import { deckShownQuery, decksShownQuery, toDeckDto, toDeckSummaries } from "../../../workers/domain/cards/decks";
import { memberCommunitiesQuery } from "../../../workers/domain/community-membership";
import type { ProfilePageData } from "~/components/profile/profile-page";
import type { DeckDto } from "../../../workers/contract/cards";
import type { OpenedDeck } from "~/components/profile/shared-decks-card";

/** What the page shows of an opened deck: each line's count, name and section, not the cards' whole records. */
function toOpenedDeck(deck: DeckDto): OpenedDeck {
  return {
    id: deck.id,
    name: deck.name,
    cardCount: deck.cardCount,
    lines: deck.cards.map((c) => ({ quantity: c.quantity, name: c.card.name, section: c.section, scryfallUri: c.card.scryfallUri })),
  };
}

/**
 * Loader data of /profile and /profile/:userId: `userId`'s profile as `viewerId` sees it (404 when missing), in one D1
 * round trip. Saved decks are on the profile for everyone it is shown to (profileShownTo: the owner's privacy setting
 * and blocks), read-only for others; `?deck=<id>` opens one deck's whole list.
 */
export async function loadProfilePage(context: AppLoadContext, viewerId: string, userId: string, request?: Request) {
  const isOwner = viewerId === userId;
  const { db } = context;
  const deckId = (request ? new URL(request.url).searchParams.get("deck") : null)?.slice(0, 64) ?? "";
  const [profileRows, links, memberCommunities, deckRows, openedRows, ...gameRows] = await db.batch([
    profileQuery(db, userId, viewerId),
    socialLinksQuery(db, userId, viewerId),
    memberCommunitiesQuery(db, userId, viewerId),
    decksShownQuery(db, userId, viewerId),
    // Always in the batch (its shape is fixed); no `?deck` asks for an id no deck has.
    deckShownQuery(db, userId, viewerId, deckId),
    ...memberGamesQueries(db, userId, viewerId),
  ]);
  const profile = toProfile(profileRows[0], userId, viewerId);
  const games = toMemberGames(gameRows);
  const decks = toDeckSummaries(deckRows);
  const deck = openedRows[0] ? toOpenedDeck(toDeckDto(openedRows[0])) : null;
  return json<ProfilePageData>({ profile, links, memberCommunities, decks, deck, games, isOwner }, { status: profile ? 200 : 404 });
}

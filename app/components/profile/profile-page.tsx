import { ReportButton } from "~/components/moderation/report-button";
import { useLocation } from "@remix-run/react";
import type { DeckSummary } from "../../../workers/contract/cards";
import type { SocialLink, UserProfile } from "../../../workers/domain/members/profile";
import type { MemberGames } from "../../../workers/domain/results/game-stats";
import type { MemberCommunity } from "../../../workers/domain/community-membership";
import { useRootData } from "~/lib/root-data";
import { ProfileView, UserNotFound } from "./profile-view";
import type { OpenedDeck } from "./shared-decks-card";

/** What /profile and /profile/:userId load: the profile as the viewer sees it (null when there is no such member). */
export type ProfilePageData = {
  profile: UserProfile | null;
  links: SocialLink[];
  memberCommunities: MemberCommunity[];
  /** The member's saved decks, as the viewer may see them (profileShownTo: empty when the profile is hidden from them). */
  decks: DeckSummary[];
  /** One deck's whole list, opened with `?deck=<id>`. */
  deck: OpenedDeck | null;
  /** Recent games and stats from results (issue 27), as the viewer may see them. */
  games: MemberGames;
  isOwner: boolean;
};

/** The body of /profile and /profile/:userId. */
export function ProfilePage({ data }: { data: ProfilePageData }) {
  const { profile, links, memberCommunities, decks, deck, games, isOwner } = data;
  const communities = useRootData()?.communities ?? [];
  // A new location (a save, a Cancel, another member) starts the page afresh: view mode, stored values.
  const location = useLocation();
  if (!profile) return <UserNotFound />;
  return (
    <>
      {/* Report (issue 38): another member's profile, to the administrators. */}
      {isOwner ? null : (
        <div className="mx-auto flex max-w-6xl justify-end px-4 pt-4">
          <ReportButton target={{ kind: "profile", id: profile.id }} />
        </div>
      )}
      <ProfileView
        key={`${profile.id}:${location.key}`}
        profile={profile}
        links={links}
        memberCommunities={memberCommunities}
        decks={decks}
        openedDeck={deck}
        games={games}
        isOwner={isOwner}
        communities={communities}
      />
    </>
  );
}

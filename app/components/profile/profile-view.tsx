import { useActionData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { CalendarDays, Lock, Pencil, Users } from "lucide-react";
import { useState, type MouseEvent } from "react";
import type { CommunitySummary } from "../../../workers/domain/communities";
import type { SocialLink, UserProfile } from "../../../workers/domain/members/profile";
import type { MemberCommunity } from "../../../workers/domain/community-membership";
import { ProfileAvatar } from "~/components/profile/profile-avatar";
import { AvatarEditor } from "./avatar-editor";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { submittedValue, useResultToast } from "~/lib/forms";
import { STATUS_DOT, STATUS_LABELS, toMemberStatus } from "./member-status";
import { CANCEL_FORM_ID, ProfileEditForm } from "./profile-edit-form";
import { SocialLinksCard } from "./social-links-card";
import { DecksCard } from "./decks-card";
import { SharedDecksCard, type OpenedDeck } from "./shared-decks-card";
import { ProfileBlockControl } from "./block-member";
import { GameStatsCard, RecentGamesCard } from "./games-card";
import type { MemberGames } from "../../../workers/domain/results/game-stats";
import type { DeckSummary } from "../../../workers/contract/cards";
import { displayName } from "../../../workers/contract/display-name";

/**
 * Profile page body (spec 000 §2/§4): header, tabs, Status, Social Links and
 * Stats cards. The owner's Edit Profile switches to edit mode in place; without
 * JavaScript it opens /profile?edit=1, the same form rendered by the server.
 * The page remounts on every navigation, so a saved profile comes back in view mode.
 */
export function ProfileView({
  profile,
  links,
  memberCommunities,
  decks,
  openedDeck,
  games,
  isOwner,
  communities,
}: {
  profile: UserProfile;
  links: SocialLink[];
  /** The realms the member belongs to (empty for others when the profile is private). */
  memberCommunities: MemberCommunity[];
  decks: DeckSummary[];
  /** A deck whose whole list the viewer opened (`?deck=<id>`). */
  openedDeck: OpenedDeck | null;
  /** Recent games and stats from results; empty for others while the profile is private. */
  games: MemberGames;
  isOwner: boolean;
  communities: CommunitySummary[];
}) {
  const [searchParams] = useSearchParams();
  // The answer of a refused save (the edit form always sends the first name).
  const result = useActionData();
  useResultToast(result);
  const refusedEdit = submittedValue(result, "firstName") !== undefined;
  const [editing, setEditing] = useState(isOwner && (searchParams.get("edit") === "1" || refusedEdit));
  const navigate = useNavigate();
  const navigation = useNavigation();
  const status = toMemberStatus(profile.status);
  const name = displayName(profile);
  const community = communities.find((c) => c.id === profile.primaryCommunity);
  // The server already withheld bio, status and links; this only chooses what to say instead.
  const hiddenFromMe = profile.isPrivate && !isOwner;

  if (navigation.state === "loading" && !navigation.formData && navigation.location.pathname.startsWith("/profile")) {
    return <p className="mx-auto max-w-6xl px-4 py-16 text-center text-muted">Loading profile...</p>;
  }

  const startEditing = (event: MouseEvent) => {
    event.preventDefault();
    setEditing(true);
  };
  const stopEditing = () => {
    // Leaving /profile?edit=1 (or a refused save) for the plain profile remounts the page in view mode.
    if (searchParams.has("edit") || refusedEdit) navigate("/profile", { replace: true, preventScrollReset: true });
    else setEditing(false);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-start">
        {/* In edit mode the picture editor shows the avatar (and the new one's preview). */}
        {editing ? null : <ProfileAvatar person={profile} className="h-24 w-24 text-2xl" />}
        <div className="min-w-0 flex-1">
          {editing ? (
            <>
              <div className="grid gap-4">
                <AvatarEditor person={profile} />
                <ProfileEditForm profile={profile} communities={communities} result={result} onCancel={stopEditing} />
              </div>
              <form id={CANCEL_FORM_ID} method="get" action="/profile" hidden />
            </>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <h1 className="text-3xl font-bold" data-testid="profile-name">
                  {name}
                </h1>
                {hiddenFromMe ? null : (
                  <Badge tone="secondary">
                    <span className={`h-2 w-2 rounded-full ${STATUS_DOT[status]}`} aria-hidden="true" /> {STATUS_LABELS[status]}
                  </Badge>
                )}
              </div>
              {profile.email ? <p className="mt-1 text-sm text-muted">{profile.email}</p> : null}
              <p className="mt-2 text-sm text-muted">
                {community ? (
                  <>
                    Primary realm: <span className="font-medium text-fg">{community.displayName}</span> ·{" "}
                  </>
                ) : null}
                Member since {new Date(profile.createdAt).toLocaleDateString(undefined, { year: "numeric", month: "long" })}
              </p>
              {profile.isPrivate && isOwner ? (
                <p className="mt-2 flex items-center gap-2 text-sm text-muted" data-testid="profile-private-note">
                  <Lock className="h-4 w-4 shrink-0" aria-hidden="true" /> Your bio, status and social links are hidden from other members.
                </p>
              ) : null}
              {isOwner ? null : (
                <ProfileBlockControl
                  member={{ id: profile.id, name }}
                  blockedByYou={profile.blockedByYou === true}
                  confirming={searchParams.get("block") === "confirm"}
                />
              )}
              {isOwner ? (
                <form method="get" action="/profile" className="mt-4">
                  <input type="hidden" name="edit" value="1" />
                  <Button type="submit" variant="outline" onClick={startEditing}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
                  </Button>
                </form>
              ) : null}
            </>
          )}
        </div>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Tabs defaultValue="about">
            <TabsList aria-label="Profile sections">
              <TabsTrigger value="about">About</TabsTrigger>
              <TabsTrigger value="gaming">Gaming</TabsTrigger>
              <TabsTrigger value="activity">Activity</TabsTrigger>
            </TabsList>
            <TabsContent value="about">
              <Card>
                <h2 className="font-semibold">About</h2>
                {hiddenFromMe ? (
                  <p className="mt-2 flex items-center gap-2 text-muted" data-testid="profile-private-note">
                    <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />{" "}
                    {profile.blockedByYou
                      ? "You blocked this member: their profile is hidden from you."
                      : "This member keeps their profile private."}
                  </p>
                ) : (
                  <p className="mt-2 whitespace-pre-line break-words text-muted" data-testid="profile-bio">
                    {profile.bio || "No bio available"}
                  </p>
                )}
              </Card>
            </TabsContent>
            <TabsContent value="gaming">
              <Card>
                <p className="text-muted">Gaming profiles coming soon...</p>
              </Card>
            </TabsContent>
            <TabsContent value="activity">
              <Card>
                <p className="text-muted">Activity feed coming soon...</p>
              </Card>
            </TabsContent>
          </Tabs>
          {/* Not while editing: the page is then the profile's form, with one Save. */}
          {editing || hiddenFromMe ? null : <RecentGamesCard games={games.recent} isOwner={isOwner} />}
          {isOwner && !editing ? <DecksCard decks={decks} /> : null}
          {isOwner || hiddenFromMe ? null : (
            <SharedDecksCard decks={decks} opened={openedDeck} profilePath={`/profile/${profile.id}`} ownerName={name} />
          )}
        </div>
        <aside className="grid content-start gap-6" aria-label="Profile details">
          {hiddenFromMe ? null : (
            <>
              <Card>
                <h2 className="font-semibold">Status</h2>
                <p className="mt-2 flex items-center gap-2 text-sm" data-testid="profile-status">
                  <span className={`h-2.5 w-2.5 rounded-full ${STATUS_DOT[status]}`} aria-hidden="true" /> {STATUS_LABELS[status]}
                </p>
              </Card>
              <SocialLinksCard links={links} isOwner={isOwner} />
              <MemberCommunitiesCard communities={memberCommunities} isOwner={isOwner} />
              <GameStatsCard stats={games.stats} />
            </>
          )}
          <Card>
            <h2 className="font-semibold">Stats</h2>
            <dl className="mt-3 grid gap-2 text-sm">
              <Stat icon={Users} label="Friends" value={profile.friendCount} />
              <Stat icon={CalendarDays} label="Events Joined" value={profile.eventsJoined} />
              <Stat icon={CalendarDays} label="Events Hosted" value={profile.eventsHosted} />
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}

function MemberCommunitiesCard({ communities, isOwner }: { communities: MemberCommunity[]; isOwner: boolean }) {
  return (
    <Card data-testid="profile-realms">
      <h2 className="font-semibold">Realms</h2>
      {communities.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {isOwner ? "You have not joined a realm yet. Join one from its dashboard or forum." : "Not a member of any realm yet."}
        </p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Realms">
          {communities.map((r) => (
            <li key={r.id}>
              <Badge tone="outline">{r.displayName}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Stat({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: number }) {
  return (
    <div className="flex items-center justify-between">
      <dt className="flex items-center gap-2 text-muted">
        <Icon className="h-4 w-4" aria-hidden="true" /> {label}
      </dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

/** Spec 000 §2: a missing profile. */
export function UserNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">User Not Found</h1>
      <p className="mt-3 text-muted">The user profile you're looking for doesn't exist.</p>
    </section>
  );
}

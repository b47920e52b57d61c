import { themeFor } from "~/lib/community-themes";
import { Link } from "@remix-run/react";
import { CalendarDays, Pencil, Video, Zap } from "lucide-react";
import { useState } from "react";
import type { CommunityDashboardData } from "../../../workers/domain/dashboard";
import type { ShellMember } from "../../../workers/domain/shell";
import { EditProfileDialog } from "~/components/profile/edit-profile-dialog";
import { ProfileAvatar } from "~/components/profile/profile-avatar";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { useCommunity } from "~/hooks/use-community";
import { CommunityDot } from "~/components/community/community-dot";
import { CommunityHero } from "~/components/community/community-hero";
import { COMMUNITY_DASHBOARDS, type DashboardCommunity } from "./community-dashboards";
import { DashboardTile, NotificationsCard, UpcomingEventsCard } from "./dashboard-parts";
import { PlayedThisWeekCard } from "./played-this-week";
import { Figure, formatMatchRecord } from "./home-dashboard";
import { CommunityMembershipButton } from "~/components/community/community-membership-button";
import { displayName } from "../../../workers/contract/display-name";
import { countOf } from "../../../workers/contract/plural";

/**
 * One realm's dashboard (spec 000 §2 table): themed header, welcome with the
 * realm's fallback word, rank badges, four tiles, notifications, profile card
 * and calendar area. Counts, lists and the profile card's figures are read
 * from data; the rank badges stay sample text as the spec says.
 */
export function CommunityDashboard({
  user,
  communityId,
  data,
}: {
  user: ShellMember;
  communityId: DashboardCommunity;
  data: CommunityDashboardData;
}) {
  const config = COMMUNITY_DASHBOARDS[communityId];
  const { selectedCommunity, selectedCommunityId } = useCommunity();
  const theme = themeFor(selectedCommunityId);
  const terms = theme.terminology;
  const [editOpen, setEditOpen] = useState(false);
  const FourthIcon = config.fourthTile.icon;
  const f = data.figures;
  const communityName = selectedCommunity?.displayName ?? theme.displayName;

  return (
    <div data-testid="community-dashboard" data-realm={communityId}>
      <CommunityHero communityId={communityId}>
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-center sm:py-14">
          <ProfileAvatar person={user} className="h-16 w-16 text-xl" />
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-primary">
              <CommunityDot communityId={communityId} /> {communityName}
            </p>
            <h1 className="realm-heading text-3xl sm:text-4xl">Welcome back, {user.firstName || config.wording}!</h1>
            <div className="mt-2 flex flex-wrap gap-2" aria-label="Rank badges">
              {config.rankBadges.map((badge) => (
                <Badge key={badge}>{badge}</Badge>
              ))}
            </div>
          </div>
        </div>
      </CommunityHero>

      <div className="mx-auto max-w-7xl px-4 py-8">
        <div className="mb-6 flex justify-end">
          <CommunityMembershipButton
            action="/?index"
            communityId={communityId}
            communityName={communityName}
            isMember={data.isMember}
            memberCount={data.memberCount}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <DashboardTile icon={Zap} label={terms.quickMatch} detail="Find an opponent" to="/matchmaking" />
          <DashboardTile icon={Video} label={terms.tableSync} detail={countOf(data.openRoomCount, "open room")} to="/tablesync" />
          <DashboardTile icon={CalendarDays} label={terms.events} detail={`${data.upcomingEventCount} upcoming`} />
          <DashboardTile icon={FourthIcon} label={config.fourthTile.label} detail={countOf(data.memberCount, "member")} />
        </div>

        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="grid content-start gap-6 lg:col-span-2">
            {config.calendar === "events" ? (
              <UpcomingEventsCard title={`${terms.events} Calendar`} events={data.upcomingEvents} />
            ) : (
              <Card>
                <h2 className="flex items-center gap-2 font-semibold">
                  <CalendarDays className="h-5 w-5" aria-hidden="true" /> Game Pod Calendar - Coming Soon
                </h2>
                <p className="mt-2 text-sm text-muted">
                  Meanwhile, every {communityName} event is on the{" "}
                  <Link to="/calendar" className="font-medium text-fg underline">
                    calendar
                  </Link>
                  .
                </p>
              </Card>
            )}
            <PlayedThisWeekCard week={data.week} />
            <NotificationsCard title={terms.notifications} items={data.notifications} unreadCount={f.unreadCount} />
          </div>

          <Card>
            <div className="flex items-center gap-3">
              <ProfileAvatar person={user} className="h-12 w-12" />
              <div className="min-w-0">
                <h2 className="truncate font-semibold">{displayName(user, config.wording)}</h2>
                <p className="text-sm text-muted">{config.wording}</p>
              </div>
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <Figure label={config.playedLabel} value={String(f.communityRoomsPlayed)} />
              <Figure label="Friends" value={String(f.friendCount)} />
              <Figure label="Events joined" value={String(f.eventsJoined)} />
              <Figure label="Events hosted" value={String(f.eventsHosted)} />
            </dl>
            <dl className="mt-3 grid gap-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">Tournaments played</dt>
                <dd className="font-medium">{f.tournamentsPlayed}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">Match record (W-L-D)</dt>
                <dd className="font-medium">{formatMatchRecord(f.matchRecord)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">Forum posts</dt>
                <dd className="font-medium">{f.forumPosts}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">Scheduled posts</dt>
                <dd className="font-medium">{f.scheduledPosts}</dd>
              </div>
            </dl>
            <div className="mt-4 grid gap-2">
              <Button onClick={() => setEditOpen(true)}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
              </Button>
              <Link to="/profile" className={buttonClasses("outline")}>
                View Profile
              </Link>
            </div>
          </Card>
        </div>
      </div>
      <EditProfileDialog open={editOpen} onOpenChange={setEditOpen} user={user} />
    </div>
  );
}

import { Link, useNavigate } from "@remix-run/react";
import { Bell, CalendarDays, Globe, MessageSquare, Pencil, Radio, Video, Zap } from "lucide-react";
import { useState } from "react";
import type { HomeDashboardData } from "../../../workers/domain/dashboard";
import type { ShellMember } from "../../../workers/domain/shell";
import { EditProfileDialog } from "~/components/profile/edit-profile-dialog";
import { ProfileAvatar } from "~/components/profile/profile-avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { EventWhen } from "~/components/calendar/event-when";
import { DashboardTile } from "./dashboard-parts";
import { displayName } from "../../../workers/contract/display-name";
import { countOf } from "../../../workers/contract/plural";

const ACTIVITY_ICONS = { event: CalendarDays, room: Video, post: MessageSquare } as const;

/** All Realms home (spec 000 §2) with real community activity. */
export function HomeDashboard({ user, data }: { user: ShellMember; data: HomeDashboardData }) {
  const navigate = useNavigate();
  const { selectedCommunityId, communities } = useCommunity();
  const [editOpen, setEditOpen] = useState(false);
  const f = data.figures;

  const startStreaming = () => {
    if (selectedCommunityId) navigate("/tablesync");
    else toast({ title: "Select a community first", description: "Choose a gaming community to start your streaming session." });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="realm-heading text-3xl">Welcome back, {user.firstName || "Creator"}!</h1>
      <p className="mt-2 text-muted">Here is what is happening across every realm.</p>

      <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <DashboardTile icon={Zap} label="Quick Match" detail="Find opponents now" to="/matchmaking" />
        <DashboardTile icon={Video} label="TableSync" detail={countOf(data.openRoomCount, "open room")} to="/tablesync" />
        <DashboardTile icon={CalendarDays} label="Events" detail="Game pods, tournaments and more" to="/calendar" />
        <button
          type="button"
          className="h-full rounded-xl text-left"
          onClick={() => {
            navigate("/");
            toast({ title: "Explore all realms" });
          }}
        >
          <Card className="h-full transition hover:-translate-y-0.5 hover:border-primary">
            <Globe className="h-6 w-6 text-primary" aria-hidden="true" />
            <p className="mt-3 font-semibold">All Realms</p>
            <p className="mt-1 text-sm text-muted">{countOf(communities.length, "community", "communities")}</p>
          </Card>
        </button>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <h2 className="text-xl font-semibold">Community activity</h2>
          {data.activity.length === 0 ? (
            <p className="mt-4 text-muted">No community activity yet. Create a room or schedule an event to get things going.</p>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-2" aria-label="Community activity">
              {data.activity.map((item) => {
                const Icon = ACTIVITY_ICONS[item.kind];
                return (
                  <li key={`${item.kind}-${item.id}`}>
                    <Link to={item.href} className="flex items-center gap-3 rounded-lg border border-border px-3 py-2 hover:border-primary">
                      <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                      <div className="min-w-0">
                        <p className="truncate font-medium">{item.title}</p>
                        <p className="truncate text-sm text-muted">{item.detail}</p>
                        {item.timeZone ? <EventWhen startsAt={item.at} timeZone={item.timeZone} className="text-sm text-muted" /> : null}
                      </div>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <Card>
          <div className="flex items-center gap-3">
            <ProfileAvatar person={user} className="h-14 w-14 text-lg" />
            <div className="min-w-0">
              <h2 className="truncate font-semibold">{displayName(user, "Creator")}</h2>
              <p className="text-sm text-muted">{countOf(f.forumPosts, "forum post")}</p>
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <Figure label="Realms" value={`${f.communitiesJoined}/${communities.length}`} />
            <Figure label="Rooms played" value={String(f.roomsPlayed)} />
            <Figure label="Tournaments" value={String(f.tournamentsPlayed)} />
            <Figure label="Match record (W-L-D)" value={formatMatchRecord(f.matchRecord)} />
            <Figure label="Friends" value={String(f.friendCount)} />
            <Figure label="Events joined" value={String(f.eventsJoined)} />
            <Figure label="Events hosted" value={String(f.eventsHosted)} />
          </dl>
          <p className="mt-3 flex items-center gap-2 text-sm text-muted">
            <Bell className="h-4 w-4" aria-hidden="true" /> {countOf(f.unreadCount, "unread notification")} ·{" "}
            {countOf(f.scheduledPosts, "scheduled post")}
          </p>
          <div className="mt-4 grid gap-2">
            <Button onClick={startStreaming}>
              <Radio className="h-4 w-4" aria-hidden="true" /> Start Streaming Session
            </Button>
            <Button variant="outline" onClick={() => setEditOpen(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
            </Button>
          </div>
        </Card>
      </div>
      <EditProfileDialog open={editOpen} onOpenChange={setEditOpen} user={user} />
    </div>
  );
}

/** Tournament matches won, lost and drawn: "3-1-0". */
export function formatMatchRecord(record: { wins: number; losses: number; draws: number }): string {
  return `${record.wins}-${record.losses}-${record.draws}`;
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-bold">{value}</dd>
    </div>
  );
}

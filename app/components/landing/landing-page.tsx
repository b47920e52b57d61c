import { useState } from "react";
import { Badge, Card, Skeleton } from "~/components/ui/card";
import { Button, buttonClasses } from "~/components/ui/button";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import type { SpriteIconName } from "~/components/ui/sprite-icons.source";
import { useCommunity } from "~/hooks/use-community";
import type { CommunitySummary } from "../../../workers/domain/communities";
import { CommunityArt } from "~/components/community/community-art";
import { countOf } from "../../../workers/contract/plural";
import { CommunityIcon } from "./community-icon";
import { LazyDemoDialog } from "./lazy-demo-dialog";

const LOGIN = "/api/login";

const FEATURES: { icon: SpriteIconName; title: string; body: string }[] = [
  {
    icon: "bot",
    title: "AI-powered matchmaking",
    body: "Find opponents who share your games, formats, power level and schedule. Every match comes with a score and the reasons behind it.",
  },
  {
    icon: "video",
    title: "TableSync Pro",
    body: "Play paper Magic, Pokemon, Lorcana and more over webcam: HD video for four, server-rolled dice, turns, life totals and spectators.",
  },
  {
    icon: "share-2",
    title: "Social Media Hub",
    body: "Plan your stream posts for every platform in one place and get a reminder with the text ready when it is time to post.",
  },
  {
    icon: "calendar-days",
    title: "Event Coordination",
    body: "Game pods with main and waiting-list seats, tournaments with real pairings and standings, and calendar feeds for your phone.",
  },
];

const SOCIAL_PLATFORMS = ["Twitter/X", "Discord", "Twitch", "YouTube", "Instagram", "TikTok"];

function goToLogin() {
  window.location.href = LOGIN;
}

export function LandingPage({
  communities,
  memberCounts = null,
}: {
  communities: CommunitySummary[] | null;
  /** Realm id → member count, when the page has them. */
  memberCounts?: Record<string, number> | null;
}) {
  const [demoOpen, setDemoOpen] = useState(false);
  const { setSelectedCommunity, selectedCommunityId } = useCommunity();
  return (
    <div>
      <section className="relative isolate overflow-hidden bg-gradient-hero">
        <CommunityArt
          communityId={selectedCommunityId}
          className="absolute inset-x-0 top-4 -z-10 mx-auto h-40 w-full max-w-3xl [mask-image:radial-gradient(closest-side,black_30%,transparent)] sm:h-64"
        />
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:py-28">
          <Badge tone="secondary" className="mb-6">
            <SpriteIcon name="zap" className="h-3.5 w-3.5" /> Built for card-game creators
          </Badge>
          <h1 className="mx-auto max-w-4xl text-4xl font-black tracking-tight sm:text-6xl">
            Play, stream and grow your <span className="text-gradient-realm">card-game realm</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
            Join one of six gaming communities, find opponents, schedule game pods and play paper cards remotely over webcam with TableSync.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={LOGIN} className={buttonClasses("primary", "lg")}>
              Get Started Free
            </a>
            <Button variant="outline" size="lg" onClick={() => setDemoOpen(true)}>
              <SpriteIcon name="play" className="h-4 w-4" /> Watch Demo
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="realms-heading">
        <div className="text-center">
          <h2 id="realms-heading" className="text-3xl font-bold">
            Choose your realm
          </h2>
          <p className="mt-2 text-muted">
            <span data-testid="community-count" className="font-semibold text-fg">
              {communities?.length ?? 0}
            </span>{" "}
            gaming communities, each with its own look and language.
          </p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Communities">
          {communities
            ? communities.map((community) => (
                <li key={community.id}>
                  <CommunityCard
                    community={community}
                    memberCount={memberCounts ? (memberCounts[community.id] ?? 0) : null}
                    onChoose={() => {
                      setSelectedCommunity(community.id);
                      goToLogin();
                    }}
                  />
                </li>
              ))
            : Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <Skeleton className="h-52" />
                </li>
              ))}
        </ul>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-center text-3xl font-bold">
          Everything your table needs
        </h2>
        <div className="mt-10 grid gap-5 md:grid-cols-2">
          {FEATURES.map(({ icon, title, body }) => (
            <Card key={title}>
              <SpriteIcon name={icon} className="h-8 w-8 text-fg" />
              <h3 className="mt-4 text-xl font-bold">{title}</h3>
              <p className="mt-2 text-muted">{body}</p>
            </Card>
          ))}
        </div>
        <div className="mt-12 text-center">
          <h3 className="text-lg font-semibold">Share to six social platforms</h3>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {SOCIAL_PLATFORMS.map((p) => (
              <li key={p}>
                <Badge tone="outline" className="px-4 py-1.5 text-sm">
                  {p}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-16">
        <div className="rounded-3xl bg-gradient-primary p-10 text-center text-white">
          <SpriteIcon name="swords" className="mx-auto h-10 w-10" />
          <h2 className="mt-4 text-3xl font-bold">Ready to gather your realm?</h2>
          <p className="mx-auto mt-3 max-w-xl opacity-90">Free for players and streamers. Bring your deck and your webcam.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a href={LOGIN} className={buttonClasses("secondary", "lg", "bg-white text-slate-900 border-white")}>
              Create Free Account
            </a>
            <a href="#features-heading" className={buttonClasses("outline", "lg", "border-white text-white hover:bg-white/10")}>
              Explore Features
            </a>
          </div>
        </div>
      </section>

      <FloatingActions />
      <LazyDemoDialog type="platform" open={demoOpen} onOpenChange={setDemoOpen} />
    </div>
  );
}

/**
 * The spec's floating Quick Match and Live Help buttons. Quick Match posts the lobby's "Find me a seat" (a
 * visitor signs in first and comes back to the lobby); Live Help opens the help centre. Both are plain forms, so
 * they work before and without JavaScript. They float only where the page has a gutter wide enough for them
 * (1360 px and wider, as round icon buttons beside the content); narrower screens show them as an ordinary row
 * after the closing call to action, so they never cover text.
 */
function FloatingActions() {
  const floating =
    "min-[1360px]:fixed min-[1360px]:bottom-4 min-[1360px]:left-1.5 min-[1360px]:z-20 min-[1360px]:m-0 min-[1360px]:flex-col min-[1360px]:p-0";
  const round = "shadow-lg min-[1360px]:h-10 min-[1360px]:w-10 min-[1360px]:rounded-full min-[1360px]:p-0";
  return (
    <div data-testid="floating-actions" className={`mx-auto -mt-8 mb-4 flex max-w-5xl justify-center gap-2 px-4 ${floating}`}>
      {/* The forms are `contents`, so the buttons stay the row's (or the floating column's) items. */}
      <form method="post" action="/tablesync?index" className="contents">
        <input type="hidden" name="intent" value="find-seat" />
        <Button type="submit" size="sm" className={round} title="Quick Match">
          <SpriteIcon name="zap" className="h-4 w-4" /> <span className="min-[1360px]:sr-only">Quick Match</span>
        </Button>
      </form>
      <form method="get" action="/help-center" className="contents">
        <Button type="submit" size="sm" variant="secondary" className={round} title="Live Help">
          <SpriteIcon name="help-circle" className="h-4 w-4" /> <span className="min-[1360px]:sr-only">Live Help</span>
        </Button>
      </form>
    </div>
  );
}

/**
 * A realm's card in that realm's own palette, art and heading type (`realm-scope` re-derives the colour
 * tokens from the realm's variables, in light and dark), whatever realm the visitor has selected.
 */
function CommunityCard({
  community,
  memberCount,
  onChoose,
}: {
  community: CommunitySummary;
  memberCount: number | null;
  onChoose: () => void;
}) {
  return (
    <button
      type="button"
      data-testid="community-card"
      data-realm={community.id}
      onClick={onChoose}
      data-community={community.id}
      className="realm-scope group relative isolate block h-full w-full overflow-hidden rounded-2xl border border-border bg-gradient-hero p-6 text-left text-fg transition hover:-translate-y-0.5 hover:border-primary"
    >
      <CommunityArt
        communityId={community.id}
        className="absolute -right-10 -top-4 -z-10 h-36 w-60 [mask-image:linear-gradient(to_left,black_50%,transparent)]"
      />
      <div className="flex items-start justify-between">
        <span className="grid h-12 w-12 place-items-center rounded-xl bg-primary text-primary-foreground">
          <CommunityIcon iconClass={community.iconClass} className="h-6 w-6" />
        </span>
        <div className="flex gap-2">
          <Badge tone="destructive">LIVE</Badge>
          <Badge tone="secondary">Active</Badge>
        </div>
      </div>
      <h3 className="realm-heading mt-4 text-xl">{community.displayName}</h3>
      <p className="mt-2 text-sm text-muted">{community.description}</p>
      {memberCount !== null ? (
        <p className="mt-2 text-sm font-medium text-muted" data-testid="realm-member-count">
          {countOf(memberCount, "member")}
        </p>
      ) : null}
      <p className="mt-4 text-sm font-semibold text-primary">Ready to explore →</p>
    </button>
  );
}

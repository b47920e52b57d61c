import { useState } from "react";
import { Camera, CheckCircle2, Cpu, MessageSquare, MonitorPlay, Play, Trophy, Users, Video, Zap } from "lucide-react";
import { LazyDemoDialog } from "~/components/landing/lazy-demo-dialog";
import { useCommunity } from "~/hooks/use-community";
import { LobbyEvents } from "./lobby-events";
import type { LobbyPods } from "./lobby";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";

const LOGIN = "/api/login";

/** Spec 001 §1: the six supported games, each tagged with its community. */
const GAMES = [
  { name: "Magic: The Gathering", community: "Scry & Gather" },
  { name: "Pokemon TCG", community: "PokeStream Hub" },
  { name: "Disney Lorcana", community: "Decksong" },
  { name: "Yu-Gi-Oh!", community: "Duelcraft" },
  { name: "Bladeforge", community: "Bladeforge" },
  { name: "Deckmaster", community: "Deckmaster" },
];

const STEPS = [
  {
    icon: Users,
    title: "Create or join a room",
    body: "Open a room for your format and power level, or pick one from the lobby. Extra people watch as spectators.",
  },
  {
    icon: Video,
    title: "Stream and sync",
    body: "Point your webcam at your battlefield. Turns, life totals and dice rolls stay in step for the whole table.",
  },
  {
    icon: Trophy,
    title: "Play and compete",
    body: "Chat, roll, pass the turn and record the game for your stream or your pod's highlights.",
  },
];

const FEATURES = [
  { icon: Camera, title: "Multi-camera setup", body: "Show your battlefield and your face at the same time.", available: true },
  { icon: MonitorPlay, title: "HD video", body: "1280x720 peer-to-peer video between up to four players.", available: true },
  { icon: Zap, title: "OBS integration", body: "Record the table or capture it straight into your stream.", available: true },
  { icon: Cpu, title: "Card recognition AI", body: "Hover a card on camera to see its oracle text.", available: false },
  {
    icon: MessageSquare,
    title: "Real-time voice and text chat",
    body: "Talk to the table without a separate voice app.",
    available: false,
  },
  { icon: Trophy, title: "Tournament mode", body: "Run pods and rounds with pairings built in.", available: false },
];

/** The public TableSync page for visitors (spec 001 §1). */
export function TableSyncLanding({ pods = null }: { pods?: LobbyPods | null }) {
  const { selectedCommunityId } = useCommunity();
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <div>
      <section className="bg-gradient-hero">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <Badge tone="secondary" className="mb-6">
            <Video className="h-3.5 w-3.5" aria-hidden="true" /> Remote paper play
          </Badge>
          <h1 className="text-4xl font-black tracking-tight sm:text-6xl">
            Play paper cards with anyone, <span className="bg-gradient-primary bg-clip-text text-transparent">anywhere</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
            TableSync puts your pod around one virtual table: webcams on every battlefield, shared dice, turns and life totals, chat and
            recording.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={LOGIN} className={buttonClasses("primary", "lg")}>
              Start Playing Free
            </a>
            <Button variant="outline" size="lg" onClick={() => setDemoOpen(true)}>
              <Play className="h-4 w-4" aria-hidden="true" /> Watch Demo
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="games-heading">
        <h2 id="games-heading" className="text-center text-3xl font-bold">
          Supported games
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {GAMES.map((g) => (
            <li key={g.name}>
              <Card className="flex h-full items-center justify-between gap-3">
                <span className="font-semibold">{g.name}</span>
                <Badge tone="outline">{g.community}</Badge>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-10 grid gap-5 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, body }, i) => (
            <li key={title}>
              <Card className="h-full">
                <span className="text-sm font-semibold text-muted">Step {i + 1}</span>
                <Icon className="mt-2 h-8 w-8" aria-hidden="true" />
                <h3 className="mt-3 text-xl font-bold">{title}</h3>
                <p className="mt-2 text-muted">{body}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      {/* Spec 001 §2: visitors see the upcoming game pods too, each with Login to Join. */}
      <div className="mx-auto max-w-6xl px-4 py-8">
        <LobbyEvents communityId={selectedCommunityId} initial={pods} />
      </div>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="premium-heading">
        <h2 id="premium-heading" className="text-center text-3xl font-bold">
          Premium features
        </h2>
        <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body, available }) => (
            <li key={title}>
              <Card className="h-full">
                <div className="flex items-start justify-between gap-2">
                  <Icon className="h-7 w-7" aria-hidden="true" />
                  {available ? (
                    <Badge tone="success">
                      <CheckCircle2 className="h-3 w-3" aria-hidden="true" /> Available
                    </Badge>
                  ) : (
                    <Badge tone="secondary">Coming Soon</Badge>
                  )}
                </div>
                <h3 className="mt-3 text-lg font-bold">{title}</h3>
                <p className="mt-1 text-sm text-muted">{body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-16">
        <div className="rounded-3xl bg-gradient-primary p-10 text-center text-white">
          <h2 className="text-3xl font-bold">Your pod is one link away</h2>
          <p className="mx-auto mt-3 max-w-xl opacity-90">Bring your deck and your webcam. TableSync does the rest.</p>
          <a href={LOGIN} className={buttonClasses("secondary", "lg", "mt-6 border-white bg-white text-slate-900")}>
            Join TableSync Free
          </a>
        </div>
      </section>
      <LazyDemoDialog type="tablesync" open={demoOpen} onOpenChange={setDemoOpen} />
    </div>
  );
}

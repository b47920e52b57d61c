import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";

type Step = { title: string; body: string };
type DemoContent = { heading: string; steps: Step[]; features: Step[] };

const DEMOS: Record<"platform" | "tablesync", DemoContent> = {
  platform: {
    heading: "Realmcast Platform Demo",
    steps: [
      {
        title: "Choose your realm",
        body: "Pick one of six communities: Scry & Gather, PokeStream Hub, Decksong, Duelcraft, Bladeforge or Deckmaster. Its theme and wording follow you everywhere.",
      },
      { title: "Set up your profile", body: "Add your name, bio, status and social links so players and streamers know who you are." },
      {
        title: "Connect and coordinate",
        body: "Find opponents with matchmaking, schedule game pods on the calendar and talk strategy in the forum.",
      },
      { title: "Start streaming", body: "Open a TableSync room, invite your pod and go live with video, chat, dice and turn tracking." },
    ],
    features: [
      { title: "AI-powered matchmaking", body: "Scores players on games, formats, power level, playstyle and availability." },
      { title: "TableSync rooms", body: "Play paper cards remotely over webcam with up to four players and spectators." },
      { title: "Event coordination", body: "Game pods with main and waiting-list seats, calendar export and reminders." },
      { title: "Social media hub", body: "Plan stream posts across your platforms and get reminded when they are due." },
    ],
  },
  tablesync: {
    heading: "TableSync Demo",
    steps: [
      { title: "Create a game room", body: "Name your room, pick a format, power level and seat count. You are seated as host." },
      {
        title: "Invite players",
        body: "Share the six-character room code or let players join from the lobby; extra people watch as spectators.",
      },
      { title: "Sync your game", body: "Webcams show each battlefield; turns, life totals and dice rolls stay in step for everyone." },
      { title: "Enhanced communication", body: "Chat, screen sharing and recording keep the table social and the stream ready." },
    ],
    features: [
      { title: "Multi-camera video", body: "HD peer-to-peer video between up to four players." },
      { title: "Server-rolled dice", body: "d4 to d20 rolled by the room so every result is fair and shared." },
      { title: "Turn and life tracking", body: "Pass the turn and track life totals for every seat." },
      { title: "Spectator mode", body: "Viewers watch the table without touching the game." },
    ],
  },
};

export function DemoDialog({
  type,
  open,
  onOpenChange,
}: {
  type: "platform" | "tablesync";
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const demo = DEMOS[type];
  const [step, setStep] = useState(0);
  const last = demo.steps.length - 1;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setStep(0);
      }}
    >
      <DialogContent title={demo.heading} description="See how it works in four steps." className="max-w-2xl">
        <Tabs defaultValue="walkthrough">
          <TabsList aria-label="Demo sections">
            <TabsTrigger value="walkthrough">Interactive Walkthrough</TabsTrigger>
            <TabsTrigger value="features">Key Features</TabsTrigger>
          </TabsList>
          <TabsContent value="walkthrough">
            <div className="rounded-xl border border-border bg-background p-5" aria-live="polite">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                Step {step + 1} of {demo.steps.length}
              </p>
              <h3 className="mt-1 text-lg font-bold">{demo.steps[step].title}</h3>
              <p className="mt-2 text-sm text-muted">{demo.steps[step].body}</p>
            </div>
            <div className="mt-4 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
                Previous
              </Button>
              <div className="flex gap-2" role="group" aria-label="Steps">
                {demo.steps.map((s, i) => (
                  <button
                    key={s.title}
                    type="button"
                    aria-label={`Go to step ${i + 1}`}
                    aria-current={i === step ? "step" : undefined}
                    onClick={() => setStep(i)}
                    className={cn("h-2.5 w-2.5 rounded-full", i === step ? "bg-primary" : "bg-border")}
                  />
                ))}
              </div>
              {step === last ? (
                <Button size="sm" onClick={() => setStep(0)}>
                  Start Over
                </Button>
              ) : (
                <Button size="sm" onClick={() => setStep((s) => Math.min(last, s + 1))}>
                  Next
                </Button>
              )}
            </div>
          </TabsContent>
          <TabsContent value="features">
            <div className="grid gap-3 sm:grid-cols-2">
              {demo.features.map((f) => (
                <div key={f.title} className="rounded-xl border border-border bg-background p-4">
                  <h3 className="font-semibold">{f.title}</h3>
                  <p className="mt-1 text-sm text-muted">{f.body}</p>
                </div>
              ))}
            </div>
          </TabsContent>
        </Tabs>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close Demo
          </Button>
          <Button onClick={() => onOpenChange(false)}>Get Started</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

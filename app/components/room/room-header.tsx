import { Form, useActionData, useFetcher } from "@remix-run/react";
import { Clock, Gauge, Globe, Lock, LogOut, Play, Swords, Users, Wifi, WifiOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { ReportButton } from "~/components/moderation/report-button";
import { formatClock } from "~/hooks/use-game-timer";
import type { SocketStatus } from "~/hooks/use-room-socket";
import { useResultToast, type ActionResult } from "~/lib/forms";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { powerLabel } from "../../../workers/contract/brackets";
import { formatLabel } from "../../../workers/contract/game-session-options";
import { EndGameButton } from "./end-game-button";
import type { RoomFacts } from "./room-facts";

type Props = {
  session: GameSessionView;
  facts: RoomFacts;
  selfId: string;
  status: SocketStatus;
  gameSeconds: number;
  /** The member is out for good (refused, removed) or the room ended: no Leave. */
  leaveShown: boolean;
  keptOut: boolean;
  onEndGame: () => boolean;
  /** Before the Leave form posts (the recording stops). */
  onLeave: () => void;
};

/** The room's title, badges, figures and the host's and member's actions (Start, End game, privacy, Report, Leave). */
export function RoomHeader({ session, facts, selfId, status, gameSeconds, leaveShown, keptOut, onEndGame, onLeave }: Props) {
  const { roomStatus, spectator, connected, isHost, hostId, hostName, players } = facts;
  const startFetcher = useFetcher<ActionResult>();
  useResultToast(startFetcher.data);
  const privacyFetcher = useFetcher<ActionResult<{ isPrivate: boolean }>>();
  useResultToast(privacyFetcher.data);
  const isPrivate = privacyFetcher.data?.ok ? privacyFetcher.data.isPrivate : session.isPrivate;
  // A refused Leave (the redirect after a successful one leaves the page).
  useResultToast(useActionData<ActionResult>());

  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <h1 className="truncate text-xl font-bold sm:text-2xl">{session.gameData.name || "Game Room"}</h1>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>Hosted by {hostName}</span>
          <Badge tone={roomStatus === "active" ? "success" : "secondary"} data-testid="room-status">
            {roomStatus === "active" ? "Game Active" : roomStatus === "completed" ? "Game Over" : "Waiting for Players"}
          </Badge>
          {spectator ? <Badge tone="outline">Spectating</Badge> : null}
          <Badge tone="outline" aria-live="polite">
            {connected ? <Wifi className="h-3 w-3" aria-hidden="true" /> : <WifiOff className="h-3 w-3" aria-hidden="true" />}
            {connected ? "Connected" : status === "closed" || keptOut ? "Disconnected" : "Connecting..."}
          </Badge>
        </div>
      </div>
      {/* The stat cards, as one compact strip. */}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="room-stats">
        {[
          { icon: Users, label: "Players", value: `${players}/${session.maxPlayers}` },
          { icon: Swords, label: "Format", value: formatLabel(session.gameData.format) },
          { icon: Gauge, label: "Power Level", value: powerLabel(session.gameData) },
          { icon: Clock, label: "Game Time", value: formatClock(gameSeconds) },
        ].map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-center gap-1">
            <dt className="flex items-center gap-1 text-muted">
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
            </dt>
            <dd className="font-semibold tabular-nums" data-testid={label === "Game Time" ? "game-time" : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {isHost && roomStatus === "waiting" ? (
          <startFetcher.Form method="post">
            <input type="hidden" name="intent" value="start" />
            <Button type="submit" size="sm" disabled={!connected || startFetcher.state !== "idle"}>
              <Play className="h-4 w-4" aria-hidden="true" /> Start Game
            </Button>
          </startFetcher.Form>
        ) : null}
        {isHost && roomStatus !== "completed" ? <EndGameButton disabled={!connected} onEnd={onEndGame} /> : null}
        {isHost && roomStatus !== "completed" ? (
          <privacyFetcher.Form method="post">
            <input type="hidden" name="intent" value="privacy" />
            <input type="hidden" name="isPrivate" value={String(!isPrivate)} />
            <Button type="submit" size="sm" variant="outline" aria-pressed={isPrivate} disabled={privacyFetcher.state !== "idle"}>
              {isPrivate ? <Lock className="h-4 w-4" aria-hidden="true" /> : <Globe className="h-4 w-4" aria-hidden="true" />}
              {isPrivate ? "Private room" : "Make private"}
            </Button>
          </privacyFetcher.Form>
        ) : null}
        {hostId !== selfId ? <ReportButton target={{ kind: "room", id: session.id }} variant="outline" /> : null}
        {leaveShown ? (
          <Form method="post" onSubmit={onLeave}>
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" size="sm" variant="destructive">
              <LogOut className="h-4 w-4" aria-hidden="true" /> Leave Room
            </Button>
          </Form>
        ) : null}
      </div>
    </header>
  );
}

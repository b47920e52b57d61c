import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "~/components/ui/button";
import { CHECK_IN_WINDOW_MINUTES } from "../../../workers/contract/tournaments";
import type { TournamentDetail } from "../../../workers/domain/tournaments/tournaments";
import { EditTournamentDialog } from "./edit-tournament-dialog";
import { StartDate } from "./start-date";
import type { TournamentIntent } from "./tournament-toasts";
import type { TournamentAction } from "./use-tournament-action";

type Props = {
  tournament: TournamentDetail;
  viewerId: string;
  action: TournamentAction;
  /** The time the page reckons with (useNow): whether the start window is open, the round's time up. */
  now: number;
};

/**
 * Join / leave / drop for members; start, next round, top cut, call time and finish for the organizer. Each button
 * posts its intent; a button that cannot be used yet says why beside it.
 */
export function TournamentControls({ tournament: t, viewerId, action, now }: Props) {
  const me = t.participants.find((p) => p.userId === viewerId);
  const isOrganizer = t.organizer.id === viewerId;
  const currentRound = t.rounds.find((r) => r.number === t.currentRound);
  const roundDone = currentRound ? currentRound.matches.every((m) => m.status === "completed") : false;
  const minPlayers = t.pods ? 3 : 2;
  const startOpen = now >= Date.parse(t.startOpensAt);
  const cutRounds = t.rounds.filter((r) => r.stage === "cut").length;
  const inCut = t.stage === "cut";
  const cutDecided = inCut && cutRounds >= (t.topCut?.rounds ?? 1);
  const timeUp = currentRound?.endsAt ? now >= Date.parse(currentRound.endsAt) : false;
  const stillPlaying = currentRound ? currentRound.matches.some((m) => m.status === "pending" && m.seats.every((s) => !s.report)) : false;

  const intentButton = (
    intent: TournamentIntent,
    label: ReactNode,
    options: { variant?: ButtonVariant; disabled?: boolean; title?: string; describedBy?: string } = {},
  ) => (
    <action.fetcher.Form method="post" action={`/tournaments/${t.id}`} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <Button
        type="submit"
        variant={options.variant}
        disabled={action.busy || options.disabled}
        title={options.title}
        aria-describedby={options.describedBy}
      >
        {label}
      </Button>
    </action.fetcher.Form>
  );

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2" data-testid="tournament-controls">
        {t.status === "upcoming" && !me ? intentButton("join", "Join", { disabled: t.participantCount >= t.maxParticipants }) : null}
        {t.status === "upcoming" && me ? intentButton("leave", "Leave", { variant: "outline" }) : null}
        {t.status === "active" && me && !me.dropped ? intentButton("drop", "Drop", { variant: "outline" }) : null}
        {isOrganizer && t.status === "upcoming"
          ? intentButton("start", "Start Tournament", {
              disabled: !startOpen || t.participantCount < minPlayers,
              title: t.participantCount < minPlayers ? `At least ${minPlayers} participants are needed` : undefined,
              describedBy: startOpen ? undefined : "start-window",
            })
          : null}
        {isOrganizer && t.status === "active" ? (
          <>
            {cutDecided
              ? null
              : intentButton("round", inCut ? "Pair the Final" : "Next Round", {
                  disabled: !roundDone,
                  title: roundDone ? undefined : "Every match of the current round needs a result first",
                })}
            {t.pods && !inCut && t.topCut
              ? intentButton("cut", `Start Top ${t.topCut.size}`, {
                  variant: "secondary",
                  disabled: !roundDone,
                  title: roundDone ? undefined : "Every pod of the current round needs a result first",
                })
              : null}
            {currentRound?.endsAt && !roundDone
              ? intentButton("time", "Call Time", {
                  variant: "outline",
                  disabled: !timeUp || !stillPlaying,
                  describedBy: timeUp ? undefined : "time-rule",
                })
              : null}
            {intentButton("finish", "Finish Tournament", { variant: "secondary", disabled: !roundDone })}
          </>
        ) : null}
        {isOrganizer && t.status !== "completed" ? <EditTournamentDialog tournament={t} action={action} /> : null}
      </div>
      {isOrganizer && t.status === "upcoming" && !startOpen ? (
        <p id="start-window" className="text-sm text-muted" data-testid="start-window">
          You can start it from <StartDate iso={t.startOpensAt} />, {CHECK_IN_WINDOW_MINUTES} minutes before it begins.
        </p>
      ) : null}
      {isOrganizer && t.status === "active" && currentRound?.endsAt && !roundDone && !timeUp ? (
        <p id="time-rule" className="text-sm text-muted">
          Call time once the round is up (<StartDate iso={currentRound.endsAt} />
          ): every pod still playing is a draw.
        </p>
      ) : null}
    </div>
  );
}

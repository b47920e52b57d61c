import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "~/components/ui/button";
import type { TournamentDetail } from "../../../workers/domain/tournaments";
import { EditTournamentDialog } from "./edit-tournament-dialog";
import type { TournamentIntent } from "./tournament-toasts";
import type { TournamentAction } from "./use-tournament-action";

type Props = { tournament: TournamentDetail; viewerId: string; action: TournamentAction };

/** Join / leave / drop for members; start, next round and finish for the organizer. Each button posts its intent. */
export function TournamentControls({ tournament: t, viewerId, action }: Props) {
  const me = t.participants.find((p) => p.userId === viewerId);
  const isOrganizer = t.organizer.id === viewerId;
  const currentRound = t.rounds.find((r) => r.number === t.currentRound);
  const roundDone = currentRound ? currentRound.matches.every((m) => m.status === "completed") : false;

  const intentButton = (
    intent: TournamentIntent,
    label: ReactNode,
    options: { variant?: ButtonVariant; disabled?: boolean; title?: string } = {},
  ) => (
    <action.fetcher.Form method="post" action={`/tournaments/${t.id}`} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={options.variant} disabled={action.busy || options.disabled} title={options.title}>
        {label}
      </Button>
    </action.fetcher.Form>
  );

  return (
    <div className="flex flex-wrap gap-2" data-testid="tournament-controls">
      {t.status === "upcoming" && !me ? intentButton("join", "Join", { disabled: t.participantCount >= t.maxParticipants }) : null}
      {t.status === "upcoming" && me ? intentButton("leave", "Leave", { variant: "outline" }) : null}
      {t.status === "active" && me && !me.dropped ? intentButton("drop", "Drop", { variant: "outline" }) : null}
      {isOrganizer && t.status === "upcoming"
        ? intentButton("start", "Start Tournament", {
            disabled: t.participantCount < 2,
            title: t.participantCount < 2 ? "At least 2 participants are needed" : undefined,
          })
        : null}
      {isOrganizer && t.status === "active" ? (
        <>
          {intentButton("round", "Next Round", {
            disabled: !roundDone,
            title: roundDone ? undefined : "Every match of the current round needs a result first",
          })}
          {intentButton("finish", "Finish Tournament", { variant: "secondary", disabled: !roundDone })}
        </>
      ) : null}
      {isOrganizer && t.status !== "completed" ? <EditTournamentDialog tournament={t} action={action} /> : null}
    </div>
  );
}

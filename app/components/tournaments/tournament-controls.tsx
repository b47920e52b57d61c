import { Button } from "~/components/ui/button";
import type { TournamentDetail } from "../../../workers/domain/tournaments";
import { EditTournamentDialog } from "./edit-tournament-dialog";
import { tournamentApi } from "./tournament-api";
import type { useTournamentAction } from "./use-tournament-action";

type Props = { tournament: TournamentDetail; viewerId: string; action: ReturnType<typeof useTournamentAction> };

/** Join / leave / drop for members; start, next round and finish for the organizer. */
export function TournamentControls({ tournament: t, viewerId, action }: Props) {
  const me = t.participants.find((p) => p.userId === viewerId);
  const isOrganizer = t.organizer.id === viewerId;
  const base = `/api/tournaments/${t.id}`;
  const currentRound = t.rounds.find((r) => r.number === t.currentRound);
  const roundDone = currentRound ? currentRound.matches.every((m) => m.status === "completed") : false;
  const call = (key: string, path: string, success: { title: string; description?: string }, failure: string) =>
    action.run(key, () => tournamentApi("POST", `${base}${path}`), { success, failure });

  return (
    <div className="flex flex-wrap gap-2" data-testid="tournament-controls">
      {t.status === "upcoming" && !me ? (
        <Button
          disabled={action.busy || t.participantCount >= t.maxParticipants}
          onClick={() =>
            call(
              "join",
              "/join",
              { title: "Joined tournament!", description: "You have successfully joined the tournament." },
              "Failed to join tournament",
            )
          }
        >
          Join
        </Button>
      ) : null}
      {t.status === "upcoming" && me ? (
        <Button
          variant="outline"
          disabled={action.busy}
          onClick={() => call("leave", "/leave", { title: "Left tournament" }, "Failed to leave tournament")}
        >
          Leave
        </Button>
      ) : null}
      {t.status === "active" && me && !me.dropped ? (
        <Button
          variant="outline"
          disabled={action.busy}
          onClick={() => call("drop", "/drop", { title: "Dropped from tournament" }, "Failed to drop")}
        >
          Drop
        </Button>
      ) : null}
      {isOrganizer && t.status === "upcoming" ? (
        <Button
          disabled={action.busy || t.participantCount < 2}
          title={t.participantCount < 2 ? "At least 2 participants are needed" : undefined}
          onClick={() =>
            call("start", "/start", { title: "Tournament started", description: "Round 1 is paired." }, "Failed to start tournament")
          }
        >
          Start Tournament
        </Button>
      ) : null}
      {isOrganizer && t.status === "active" ? (
        <>
          <Button
            disabled={action.busy || !roundDone}
            title={roundDone ? undefined : "Every match of the current round needs a result first"}
            onClick={() => call("round", "/rounds", { title: `Round ${t.currentRound + 1} paired` }, "Failed to pair the next round")}
          >
            Next Round
          </Button>
          <Button
            variant="secondary"
            disabled={action.busy || !roundDone}
            onClick={() =>
              call(
                "finish",
                "/finish",
                { title: "Tournament completed", description: "Final standings are up." },
                "Failed to finish tournament",
              )
            }
          >
            Finish Tournament
          </Button>
        </>
      ) : null}
      {isOrganizer && t.status !== "completed" ? <EditTournamentDialog tournament={t} action={action} /> : null}
    </div>
  );
}

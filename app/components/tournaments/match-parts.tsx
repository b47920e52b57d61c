import { Video } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import type { PublicMatch } from "../../../workers/domain/tournaments/tournaments";
import type { TournamentAction } from "./use-tournament-action";

/** What a two-player table and a Commander pod share: their result's status, and the way to their room. */

const STATUS_TEXT = { pending: "Awaiting result", disputed: "Disputed", completed: "Final" } as const;

/** A table's or pod's result status; `text` replaces the words (a bye). */
export function MatchStatusBadge({ status, text }: { status: PublicMatch["status"]; text?: string }) {
  return (
    <Badge tone={status === "disputed" ? "destructive" : status === "completed" ? "secondary" : "outline"}>
      {text ?? STATUS_TEXT[status]}
    </Badge>
  );
}

/**
 * The table's room (the page's intent "room", which opens it the first time and goes to it): for its players and the
 * organizer. A plain form: it works before hydration and without JavaScript.
 */
export function MatchRoomForm({
  action,
  tournamentId,
  match,
  noun,
}: {
  action: TournamentAction;
  tournamentId: string;
  match: Pick<PublicMatch, "id" | "gameSessionId">;
  /** "match" for a table of two, "pod" for a Commander pod. */
  noun: "match" | "pod";
}) {
  const Form = action.fetcher.Form;
  return (
    <Form method="post" action={`/tournaments/${tournamentId}`}>
      <input type="hidden" name="intent" value="room" />
      <input type="hidden" name="matchId" value={match.id} />
      <Button type="submit" variant="outline" size="sm" disabled={action.busy}>
        <Video className="h-4 w-4" aria-hidden="true" /> {match.gameSessionId ? `Go to ${noun} room` : `Open ${noun} room`}
      </Button>
    </Form>
  );
}

/** The result form's submit: the organizer records a result, a player reports theirs (the opponents confirm it). */
export function ResultSubmit({ isOrganizer, busy }: { isOrganizer: boolean; busy: boolean }) {
  return (
    <Button type="submit" size="sm" disabled={busy}>
      {isOrganizer ? "Record result" : "Report result"}
    </Button>
  );
}

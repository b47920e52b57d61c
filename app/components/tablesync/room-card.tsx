import type { FormEvent, ReactNode } from "react";
import { useFetcher } from "@remix-run/react";
import { Eye, Users } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { useRootData } from "~/lib/root-data";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { powerLabel } from "../../../workers/contract/brackets";
import { formatLabel } from "../../../workers/contract/game-session-options";
import { ROOM_TOASTS } from "./room-toasts";

/**
 * One waiting room in the lobby (spec 001 §2 Join Room). Join Game, Watch
 * (beside Join while seats are free) and Spectate (Full) post to the lobby's action: one request takes the place and
 * goes to the room; a refusal comes back as the spec's toast.
 */
export function RoomCard({ session }: { session: GameSessionView }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const signedIn = Boolean(useRootData()?.user);
  const full = session.currentPlayers >= session.maxPlayers;
  const busy = fetcher.state !== "idle";

  // Spec 001 §5: checked before asking (the server decides anyway, and answers a full room the same way).
  function check(event: FormEvent<HTMLFormElement>) {
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (intent !== "join") return;
    if (!signedIn) {
      event.preventDefault();
      toast(ROOM_TOASTS.joinNeedsLogin);
    } else if (full) {
      event.preventDefault();
      toast(ROOM_TOASTS.full(session.maxPlayers));
    }
  }

  const needed = session.maxPlayers - session.currentPlayers;
  const seats = full
    ? `${session.currentPlayers}/${session.maxPlayers} seats, full`
    : `${session.currentPlayers}/${session.maxPlayers} seats, needs ${needed}`;
  const host = session.host.name;

  // At phone width a compact row (name, format, a Commander room's bracket, seats, host, Join); from `sm` up the card as on wide screens.
  return (
    <Card
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 max-sm:p-3 sm:flex sm:h-full sm:flex-col sm:items-stretch sm:gap-3"
      data-testid="room-card"
    >
      <div className="min-w-0">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 break-words text-base font-bold max-sm:truncate sm:text-lg">{session.gameData.name}</h3>
          <Badge tone="secondary" className="shrink-0 whitespace-nowrap max-sm:hidden">
            {formatLabel(session.gameData.format)}
          </Badge>
        </div>
        <p className="truncate text-xs text-muted sm:hidden" data-testid="room-row-facts">
          {formatLabel(session.gameData.format)}
          {session.gameData.bracket ? ` · Bracket ${session.gameData.bracket}` : ""} · {seats} · {host}
        </p>
      </div>
      <p className="text-sm text-muted max-sm:hidden">Hosted by {host}</p>
      <dl className="grid grid-cols-3 gap-2 text-sm max-sm:hidden">
        <div>
          <dt className="text-muted">Players</dt>
          <dd className="flex items-center gap-1 font-semibold">
            <Users className="h-3.5 w-3.5" aria-hidden="true" /> {session.currentPlayers}/{session.maxPlayers}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Spectators</dt>
          <dd className="flex items-center gap-1 font-semibold">
            <Eye className="h-3.5 w-3.5" aria-hidden="true" /> {session.spectators}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Power</dt>
          <dd className="font-semibold">{powerLabel(session.gameData)}</dd>
        </div>
      </dl>
      {session.gameData.description ? <p className="text-sm text-muted max-sm:hidden">{session.gameData.description}</p> : null}
      {session.viewerRemoved ? (
        // The room would refuse them (room-rules' removedByHost): say so instead of offering a Join that fails.
        <p
          className="max-w-[9rem] text-right text-xs text-muted sm:mt-auto sm:max-w-none sm:text-left sm:text-sm"
          data-testid="room-removed"
        >
          The host removed you from this room
        </p>
      ) : (
        <fetcher.Form method="post" className="sm:mt-auto" onSubmit={check}>
          <input type="hidden" name="sessionId" value={session.id} />
          {full ? (
            <SpectateButton busy={busy}>Spectate (Full)</SpectateButton>
          ) : (
            // Watch beside Join (issue 37): the same lobby action's spectate intent, so it works without JavaScript too.
            <div className="flex gap-2 sm:grid sm:grid-cols-[2fr_1fr]">
              <Button type="submit" name="intent" value="join" className="max-sm:h-9 max-sm:px-3 sm:w-full" disabled={busy}>
                Join Game
              </Button>
              <SpectateButton busy={busy}>
                <Eye className="h-4 w-4" aria-hidden="true" /> Watch
              </SpectateButton>
            </div>
          )}
        </fetcher.Form>
      )}
    </Card>
  );
}

/** The lobby action's spectate intent (a room's "Watch" while seats are free, "Spectate (Full)" once full). */
function SpectateButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" name="intent" value="spectate" variant="outline" className="max-sm:h-9 max-sm:px-3 sm:w-full" disabled={busy}>
      {children}
    </Button>
  );
}

import type { FormEvent } from "react";
import { useFetcher } from "@remix-run/react";
import { Eye, Users } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { useRootData } from "~/lib/root-data";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { formatLabel, powerLevelLabel } from "../../../workers/contract/game-session-options";
import { ROOM_TOASTS } from "./room-toasts";

/**
 * One waiting room in the lobby (spec 001 §2 Join Room). Join Game and
 * Spectate (Full) post to the lobby's action: one request takes the place and
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

  return (
    <Card className="flex h-full flex-col gap-3" data-testid="room-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg font-bold">{session.gameData.name}</h3>
        <Badge tone="secondary" className="shrink-0 whitespace-nowrap">
          {formatLabel(session.gameData.format)}
        </Badge>
      </div>
      <p className="text-sm text-muted">Hosted by {session.host.firstName ?? "a member"}</p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
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
          <dd className="font-semibold">{powerLevelLabel(session.gameData.powerLevel)}</dd>
        </div>
      </dl>
      {session.gameData.description ? <p className="text-sm text-muted">{session.gameData.description}</p> : null}
      <fetcher.Form method="post" className="mt-auto" onSubmit={check}>
        <input type="hidden" name="sessionId" value={session.id} />
        {full ? (
          <Button type="submit" name="intent" value="spectate" variant="outline" className="w-full" disabled={busy}>
            Spectate (Full)
          </Button>
        ) : (
          <Button type="submit" name="intent" value="join" className="w-full" disabled={busy}>
            Join Game
          </Button>
        )}
      </fetcher.Form>
    </Card>
  );
}

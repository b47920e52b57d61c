import { Eye, Users } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { formatLabel, powerLevelLabel } from "../../../workers/contract/game-session-options";

/** One waiting room in the lobby (spec 001 §2 Join Room). */
export function RoomCard({
  session,
  busy,
  onJoin,
  onSpectate,
}: {
  session: GameSessionView;
  busy: boolean;
  onJoin: (s: GameSessionView) => void;
  onSpectate: (s: GameSessionView) => void;
}) {
  const full = session.currentPlayers >= session.maxPlayers;
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="room-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-bold">{session.gameData.name}</h3>
        <Badge tone="secondary">{formatLabel(session.gameData.format)}</Badge>
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
      <div className="mt-auto">
        {full ? (
          <Button variant="outline" className="w-full" disabled={busy} onClick={() => onSpectate(session)}>
            Spectate (Full)
          </Button>
        ) : (
          <Button className="w-full" disabled={busy} onClick={() => onJoin(session)}>
            Join Game
          </Button>
        )}
      </div>
    </Card>
  );
}

import { Eye, Minus, Plus, SkipForward } from "lucide-react";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import type { RoomPlayer, RoomSpectator } from "../../../durable-objects/protocol";

/** Connected players with Host/Player labels, the Turn badge and life totals (spec 001 §2). */
export function PlayersList({
  players,
  spectators,
  selfId,
  currentTurn,
  canAct,
  canPass,
  onLife,
  onPassTurn,
}: {
  players: RoomPlayer[];
  spectators: RoomSpectator[];
  selfId: string;
  currentTurn: string | null;
  canAct: boolean;
  canPass: boolean;
  onLife: (delta: number) => void;
  onPassTurn: () => void;
}) {
  return (
    <Card className="p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">Players ({players.length})</h2>
        <Button size="sm" variant="outline" onClick={onPassTurn} disabled={!canPass}>
          <SkipForward className="h-4 w-4" aria-hidden="true" /> Pass Turn
        </Button>
      </div>
      <ul className="space-y-2" aria-label="Connected players" data-testid="players-list">
        {players.map((p) => {
          const [firstName, ...rest] = p.name.split(" ");
          const mine = p.id === selfId;
          return (
            <li key={p.id} className="flex items-center gap-3 rounded-lg border border-border p-2" data-testid="player-row">
              <MemberAvatar person={{ firstName, lastName: rest.join(" "), profileImageUrl: p.avatar }} className="h-8 w-8 text-xs" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {p.name}
                  {mine ? " (you)" : ""}
                </p>
                <div className="flex gap-1">
                  <Badge tone={p.isHost ? "default" : "secondary"}>{p.isHost ? "Host" : "Player"}</Badge>
                  {p.id === currentTurn ? <Badge tone="success">Turn</Badge> : null}
                </div>
              </div>
              <div className="flex items-center gap-1" aria-label={`${p.name} life`}>
                {mine ? (
                  <Button size="icon" variant="ghost" aria-label="Lose 1 life" onClick={() => onLife(-1)} disabled={!canAct}>
                    <Minus className="h-4 w-4" aria-hidden="true" />
                  </Button>
                ) : null}
                <span className="w-10 text-center text-lg font-bold tabular-nums" data-testid="life-total">
                  {p.life}
                </span>
                {mine ? (
                  <Button size="icon" variant="ghost" aria-label="Gain 1 life" onClick={() => onLife(1)} disabled={!canAct}>
                    <Plus className="h-4 w-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 flex items-center gap-1 text-sm text-muted">
        <Eye className="h-4 w-4" aria-hidden="true" /> {spectators.length} watching
      </p>
    </Card>
  );
}

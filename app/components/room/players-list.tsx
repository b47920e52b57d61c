import { Crown, Eye, Flag, Layers, Minus, Plus, Skull, UserX, WifiOff } from "lucide-react";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { seatPerson } from "./seat-person";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import type { AwayPlayer, RoomPlayer, RoomSpectator } from "../../../workers/contract/room/protocol";
import { COMMANDER_DAMAGE_LETHAL, lethalBy, POISON_LETHAL } from "../../../workers/contract/room/commander";
import { seatCountdown } from "./room-state";
import { SeatCommanders } from "./seat-deck";
import { BlockMemberMenuItem, type BlockAnswer } from "~/components/profile/block-member";
import { useListFetcher } from "~/lib/list-fetcher";

type Seat = (RoomPlayer & { away?: false }) | (AwayPlayer & { away: true });

/**
 * The table's seats in seat order (spec 001 §2, issue 14): Host/Player labels,
 * the Turn badge, life, poison and commander damage (lethal shown), the
 * designations, and who is disconnected with the time their seat is held.
 */
export function PlayersList({
  players,
  away,
  spectators,
  selfId,
  currentTurn,
  monarch,
  initiative,
  canAct,
  isHost,
  clockOffset,
  now,
  onLife,
  onRemove,
  onDeck,
  onSetOut,
}: {
  /** The host brings a player out of the game back in (a mistaken change), while the game is played. */
  onSetOut?: (userId: string, out: boolean) => void;
  players: RoomPlayer[];
  away: AwayPlayer[];
  spectators: RoomSpectator[];
  selfId: string;
  currentTurn: string | null;
  monarch: string | null;
  initiative: string | null;
  canAct: boolean;
  /** The viewer hosts: they may remove others. */
  isHost: boolean;
  clockOffset: number;
  now: number;
  onLife: (delta: number) => void;
  onRemove: (userId: string, name: string) => void;
  /** Opens the deck dialog for the viewer's own seat. */
  onDeck: () => void;
}) {
  const seats: Seat[] = [...players.map((p) => ({ ...p, away: false as const })), ...away.map((p) => ({ ...p, away: true as const }))].sort(
    (a, b) => a.seat - b.seat,
  );
  const names = new Map(seats.map((s) => [s.id, s.name.split(" ")[0]]));
  // Block's toast is shown here: a host's block takes the player's row away, often before the answer comes.
  const blocker = useListFetcher<BlockAnswer>();
  return (
    <Card className="p-3">
      {/* Every seated player counts, there or away (issue 37): as the header's n/max, not "Players (0)" to a newcomer. */}
      <h2 className="mb-2 text-base font-bold">Players ({seats.length})</h2>
      <ul className="space-y-2" aria-label="Players at the table" data-testid="players-list">
        {seats.map((p) => {
          const mine = p.id === selfId;
          const lethal = lethalBy({ commanderDamage: p.commanderDamage, counters: p.counters });
          const worst = Object.entries(p.commanderDamage).sort((a, b) => b[1] - a[1]);
          const held = p.away ? seatCountdown(p.seatHeldUntil, clockOffset, now) : null;
          return (
            <li
              key={p.id}
              className="rounded-lg border border-border p-2 data-[away=true]:opacity-70"
              data-testid={p.away ? "away-row" : "player-row"}
              data-away={p.away}
            >
              <div className="flex items-center gap-2">
                <MemberAvatar person={seatPerson(p.name, p.avatar)} className="h-8 w-8 text-xs" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" data-testid="player-name">
                    {p.name}
                    {mine ? " (you)" : ""}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <Badge tone={p.isHost ? "default" : "secondary"}>{p.isHost ? "Host" : "Player"}</Badge>
                    {p.id === currentTurn ? <Badge tone="success">Turn</Badge> : null}
                    {p.out ? (
                      <Badge tone="destructive" data-testid="player-out">
                        <Skull className="h-3 w-3" aria-hidden="true" /> Out of the game
                      </Badge>
                    ) : null}
                    {p.id === monarch ? (
                      <Badge tone="outline">
                        <Crown className="h-3 w-3" aria-hidden="true" /> Monarch
                      </Badge>
                    ) : null}
                    {p.id === initiative ? (
                      <Badge tone="outline">
                        <Flag className="h-3 w-3" aria-hidden="true" /> Initiative
                      </Badge>
                    ) : null}
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
                {p.out && onSetOut ? (
                  <Button size="sm" variant="outline" onClick={() => onSetOut(p.id, false)}>
                    Bring back<span className="sr-only"> {p.name}</span>
                  </Button>
                ) : null}
                {mine ? null : <BlockMemberMenuItem memberId={p.id} name={p.name} fetcher={blocker} />}
                {isHost && !mine ? (
                  <Button size="icon" variant="ghost" aria-label={`Remove ${p.name}`} onClick={() => onRemove(p.id, p.name)}>
                    <UserX className="h-4 w-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              {p.deck || (mine && canAct) ? (
                <div className="mt-1 flex flex-wrap items-center justify-between gap-1">
                  {p.deck ? (
                    <SeatCommanders deck={p.deck} variant="row" />
                  ) : (
                    <span className="text-xs text-muted">No deck on this seat</span>
                  )}
                  {mine && canAct ? (
                    <Button size="sm" variant="outline" onClick={onDeck}>
                      <Layers className="h-4 w-4" aria-hidden="true" />
                      <span className="sr-only">{p.deck ? "Change your" : "Choose your"} </span>Deck
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {p.away ? (
                <p className="mt-1 flex items-center gap-1 text-xs text-muted" data-testid="seat-held">
                  <WifiOff className="h-3 w-3" aria-hidden="true" />
                  {held ? `disconnected — seat held ${held}` : "not connected"}
                </p>
              ) : null}
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted" data-testid="player-tools">
                <span className={lethal.poison ? "font-bold text-destructive" : undefined}>
                  Poison {p.counters.poison}/{POISON_LETHAL}
                </span>
                {p.counters.energy ? <span>Energy {p.counters.energy}</span> : null}
                {p.counters.experience ? <span>Experience {p.counters.experience}</span> : null}
                {worst.map(([from, n]) => (
                  <span key={from} className={n >= COMMANDER_DAMAGE_LETHAL ? "font-bold text-destructive" : undefined}>
                    Cmdr {names.get(from) ?? "?"} {n}/{COMMANDER_DAMAGE_LETHAL}
                  </span>
                ))}
                {lethal.poison || lethal.commanderFrom.length > 0 ? (
                  <span className="flex items-center gap-1 font-bold text-destructive">
                    <Skull className="h-3 w-3" aria-hidden="true" /> Lethal
                  </span>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 text-sm text-muted">
        <p className="flex items-center gap-1">
          <Eye className="h-4 w-4" aria-hidden="true" /> {spectators.length} watching
        </p>
        {isHost && spectators.length > 0 ? (
          <ul className="mt-1 space-y-1" aria-label="Spectators">
            {spectators.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2">
                <span className="truncate">{s.name}</span>
                <Button size="sm" variant="ghost" aria-label={`Remove ${s.name}`} onClick={() => onRemove(s.id, s.name)}>
                  <UserX className="h-4 w-4" aria-hidden="true" /> Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

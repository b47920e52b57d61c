import { Crown, Flag, Layers, Minus, Plus, Skull } from "lucide-react";
import { cn } from "~/lib/cn";
import type { RoomPlayer } from "../../../workers/contract/room/protocol";
import { COMMANDER_DAMAGE_LETHAL, lethalBy, POISON_LETHAL } from "../../../workers/contract/room/commander";
import { SeatCommanders } from "./seat-deck";

/** What a player's video tile shows of their seat, and the table's markers. */
export type TileSeat = {
  player: RoomPlayer;
  /** First names by player id, for "commander damage from whom". */
  names: Map<string, string>;
  turn: boolean;
  monarch: boolean;
  initiative: boolean;
  /** The viewer's own seat, while they may act: the tile carries the life controls. */
  onLife?: (delta: number) => void;
  /** The viewer's own seat, while they may act: the tile offers the deck dialog. */
  onDeck?: () => void;
};

/**
 * The table's state over a player's video (issue 25, video first): life, commander damage taken and from whom,
 * poison, the turn, monarch and initiative; on the viewer's own tile, −/+ for their life (a player changes only
 * their own). Legible over any picture (a dark glass) and at phone width; the side panels keep the detail.
 */
export function TileOverlay({ player, names, turn, monarch, initiative, onLife, onDeck }: TileSeat) {
  const lethal = lethalBy({ commanderDamage: player.commanderDamage, counters: player.counters });
  const damage = Object.entries(player.commanderDamage)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const dead = lethal.poison || lethal.commanderFrom.length > 0 || player.life <= 0;
  return (
    <>
      {/* A player out of the game stays on camera, dimmed. */}
      {player.out ? <div className="pointer-events-none absolute inset-0 bg-black/50" aria-hidden="true" /> : null}
      <TileDeck player={player} onDeck={onDeck} />
      <div
        className="pointer-events-none absolute inset-x-2 top-2 z-10 flex items-start justify-between gap-2 pr-9 text-white"
        data-testid="tile-state"
        aria-label={`${player.name}: table state`}
      >
        <div className="flex min-w-0 flex-wrap gap-1 whitespace-nowrap text-xs font-semibold">
          {turn ? <span className="rounded-md bg-emerald-700 px-1.5 py-0.5 text-white">Turn</span> : null}
          {monarch ? (
            <span className="flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5">
              <Crown className="h-3 w-3" aria-hidden="true" /> Monarch
            </span>
          ) : null}
          {initiative ? (
            <span className="flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5">
              <Flag className="h-3 w-3" aria-hidden="true" /> Initiative
            </span>
          ) : null}
          {player.counters.poison > 0 ? (
            <span className={cn("rounded-md px-1.5 py-0.5", lethal.poison ? "bg-destructive" : "bg-black/70")} data-testid="tile-poison">
              Poison {player.counters.poison}/{POISON_LETHAL}
            </span>
          ) : null}
          {damage.map(([from, n]) => (
            <span
              key={from}
              className={cn("rounded-md px-1.5 py-0.5", n >= COMMANDER_DAMAGE_LETHAL ? "bg-destructive" : "bg-black/70")}
              data-testid="tile-commander-damage"
            >
              Cmdr {names.get(from) ?? "?"} {n}/{COMMANDER_DAMAGE_LETHAL}
            </span>
          ))}
          {player.out ? (
            <span className="flex items-center gap-1 rounded-md bg-destructive px-1.5 py-0.5" data-testid="tile-out">
              <Skull className="h-3 w-3" aria-hidden="true" /> Out of the game
            </span>
          ) : dead ? (
            <span className="flex items-center gap-1 rounded-md bg-destructive px-1.5 py-0.5">
              <Skull className="h-3 w-3" aria-hidden="true" /> Lethal
            </span>
          ) : null}
        </div>
        <div className="pointer-events-auto flex shrink-0 items-center gap-0.5 rounded-lg bg-black/70 px-1 py-0.5">
          {onLife ? (
            <button
              type="button"
              className="grid h-6 w-6 place-items-center rounded-md hover:bg-white/20 sm:h-7 sm:w-7"
              aria-label="Your life minus 1"
              onClick={() => onLife(-1)}
            >
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
          <span
            className="min-w-7 text-center text-lg font-bold tabular-nums sm:min-w-8 sm:text-xl"
            data-testid="tile-life"
            aria-label={`Life ${player.life}`}
          >
            {player.life}
          </span>
          {onLife ? (
            <button
              type="button"
              className="grid h-6 w-6 place-items-center rounded-md hover:bg-white/20 sm:h-7 sm:w-7"
              aria-label="Your life plus 1"
              onClick={() => onLife(1)}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** The seat's deck at the tile's foot (commander art and name, for everyone), and on the viewer's own tile the Deck control. */
function TileDeck({ player, onDeck }: Pick<TileSeat, "player" | "onDeck">) {
  if (!player.deck && !onDeck) return null;
  return (
    <div className="pointer-events-none absolute bottom-2 right-2 z-10 flex max-w-[60%] items-end justify-end gap-1">
      {player.deck ? <SeatCommanders deck={player.deck} variant="tile" /> : null}
      {onDeck ? (
        <button
          type="button"
          onClick={onDeck}
          className="pointer-events-auto flex shrink-0 items-center gap-1 rounded-md bg-black/70 px-2 py-1 text-xs font-medium text-white hover:bg-black/90"
        >
          <Layers className="h-3 w-3" aria-hidden="true" />
          <span className="sr-only">{player.deck ? "Change your" : "Choose your"} </span>
          {/* On a narrow tile only the icon shows, so the name beside it is not cut to its first letter. */}
          <span className="@max-[16rem]:sr-only">Deck</span>
        </button>
      ) : null}
    </div>
  );
}

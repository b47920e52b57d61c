import { Crown, Flag, Minus, Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ClientFrame, RoomPlayer } from "../../../workers/contract/room/protocol";
import { COMMANDER_DAMAGE_LETHAL, POISON_LETHAL, type NumberCounter } from "../../../workers/contract/room/commander";

type ToolFrame = Extract<ClientFrame, { action: "commander_damage" | "counter" }>;

function Stepper({
  label,
  value,
  of,
  onStep,
  disabled,
}: {
  label: string;
  value: number;
  of?: number;
  onStep: (delta: number) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-2" data-testid="tool-stepper">
      <span className="min-w-0 truncate text-sm">{label}</span>
      <div className="flex items-center gap-1">
        <Button
          size="icon"
          variant="ghost"
          className="h-8 w-8"
          aria-label={`${label} minus 1`}
          onClick={() => onStep(-1)}
          disabled={disabled}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </Button>
        <span className={`w-12 text-center font-bold tabular-nums ${of && value >= of ? "text-destructive" : ""}`}>
          {value}
          {of ? <span className="text-xs font-normal text-muted">/{of}</span> : null}
        </span>
        <Button
          size="icon"
          variant="ghost"
          className="h-8 w-8"
          aria-label={`${label} plus 1`}
          onClick={() => onStep(1)}
          disabled={disabled}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

const COUNTERS: { name: NumberCounter; label: string; of?: number }[] = [
  { name: "poison", label: "Poison", of: POISON_LETHAL },
  { name: "energy", label: "Energy" },
  { name: "experience", label: "Experience" },
];

/**
 * The player's own Commander tools: damage taken from each opponent's
 * commander, poison, energy, experience, and the monarch and initiative. The
 * room applies every change and tells everyone (server-authoritative).
 */
export function CommanderPanel({
  me,
  opponents,
  monarch,
  initiative,
  disabled,
  send,
}: {
  me: RoomPlayer | undefined;
  opponents: RoomPlayer[];
  monarch: string | null;
  initiative: string | null;
  disabled: boolean;
  send: (frame: ToolFrame) => void;
}) {
  if (!me) return null;
  const designation = (name: "monarch" | "initiative", held: boolean) =>
    send({ type: "game_action", action: "counter", data: { name, delta: held ? -1 : 1 } });
  return (
    <Card className="p-3" data-testid="commander-panel">
      <h2 className="mb-2 text-base font-bold">Commander tools</h2>
      <section aria-label="Commander damage taken" className="space-y-1">
        <h3 className="text-xs font-semibold uppercase text-muted">Commander damage taken ({COMMANDER_DAMAGE_LETHAL} is lethal)</h3>
        {opponents.length === 0 ? <p className="text-sm text-muted">No opponents seated yet.</p> : null}
        {opponents.map((o) => (
          <Stepper
            key={o.id}
            label={`From ${o.name.split(" ")[0]}`}
            value={me.commanderDamage[o.id] ?? 0}
            of={COMMANDER_DAMAGE_LETHAL}
            disabled={disabled}
            onStep={(delta) => send({ type: "game_action", action: "commander_damage", data: { from: o.id, delta } })}
          />
        ))}
      </section>
      <section aria-label="Counters" className="mt-2 space-y-1 border-t border-border pt-2">
        {COUNTERS.map((c) => (
          <Stepper
            key={c.name}
            label={c.label}
            value={me.counters[c.name]}
            of={c.of}
            disabled={disabled}
            onStep={(delta) => send({ type: "game_action", action: "counter", data: { name: c.name, delta } })}
          />
        ))}
      </section>
      <div className="mt-2 flex flex-wrap gap-2 border-t border-border pt-2">
        <Button
          size="sm"
          variant={monarch === me.id ? "primary" : "outline"}
          aria-pressed={monarch === me.id}
          disabled={disabled}
          onClick={() => designation("monarch", monarch === me.id)}
        >
          <Crown className="h-4 w-4" aria-hidden="true" /> Monarch
        </Button>
        <Button
          size="sm"
          variant={initiative === me.id ? "primary" : "outline"}
          aria-pressed={initiative === me.id}
          disabled={disabled}
          onClick={() => designation("initiative", initiative === me.id)}
        >
          <Flag className="h-4 w-4" aria-hidden="true" /> Initiative
        </Button>
      </div>
    </Card>
  );
}

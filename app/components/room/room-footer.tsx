import { Dices, Pause, Play } from "lucide-react";
import { Button } from "~/components/ui/button";
import { roomCode } from "../../../workers/contract/game-session-options";

/** Footer: quick d6 and d20, the timer toggle and the room code (spec 001 §2). */
export function RoomFooter({
  sessionId,
  disabled,
  timerRunning,
  onRoll,
  onToggleTimer,
}: {
  sessionId: string;
  disabled: boolean;
  timerRunning: boolean;
  onRoll: (sides: 6 | 20) => void;
  onToggleTimer: () => void;
}) {
  return (
    <footer className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onRoll(6)} disabled={disabled}>
          <Dices className="h-4 w-4" aria-hidden="true" /> Quick d6
        </Button>
        <Button size="sm" variant="outline" onClick={() => onRoll(20)} disabled={disabled}>
          <Dices className="h-4 w-4" aria-hidden="true" /> Quick d20
        </Button>
        <Button size="sm" variant="outline" onClick={onToggleTimer} disabled={disabled} aria-pressed={timerRunning}>
          {timerRunning ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
          {timerRunning ? "Pause Timer" : "Start Timer"}
        </Button>
      </div>
      <p className="text-sm">
        Room Code:{" "}
        <span className="font-mono font-bold tracking-widest" data-testid="room-code">
          {roomCode(sessionId)}
        </span>
      </p>
    </footer>
  );
}

import { Dices, Link2, Pause, Play } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/hooks/use-toast";
import { roomCode, roomPath } from "../../../workers/contract/game-session-options";

/** The room's own address, to share (a visitor who signs in first comes back to it). */
export const roomLink = (origin: string, sessionId: string) => `${origin}${roomPath(sessionId)}`;

async function copyRoomLink(sessionId: string) {
  const link = roomLink(window.location.origin, sessionId);
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: "Room link copied", description: link });
  } catch (error) {
    console.warn("Clipboard refused", error);
    toast({ title: "Copy this room link", description: link });
  }
}

/** Footer: quick d6 and d20, the timer toggle, the room code and "Copy room link" (spec 001 §2, issue 14). */
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
    <footer className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-3">
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
      <div className="flex items-center gap-2">
        <p className="text-sm">
          Room Code:{" "}
          <span className="font-mono font-bold tracking-widest" data-testid="room-code">
            {roomCode(sessionId)}
          </span>
        </p>
        <Button size="sm" variant="outline" onClick={() => void copyRoomLink(sessionId)}>
          <Link2 className="h-4 w-4" aria-hidden="true" /> Copy room link
        </Button>
      </div>
    </footer>
  );
}

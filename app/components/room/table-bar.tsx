import { useEffect, useState } from "react";
import { Dices, Link2, MessageSquare, Pause, Play, Search, SkipForward } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/hooks/use-toast";
import { roomCode, roomPath } from "../../../workers/contract/game-session-options";

/** The room's own address, to share (a visitor who signs in first comes back to it). */
export const roomLink = (origin: string, sessionId: string) => `${origin}${roomPath(sessionId)}`;

/** Spec 001 §4: a dice result is shown for 3 seconds, then cleared. */
export const DICE_RESULT_MS = 3000;

export type ShownRoll = { name: string; sides: number; value: number; at: number } | null;

/** The last roll while it is news (3 s), then nothing: the chat keeps every roll. */
export function useVisibleRoll(roll: ShownRoll) {
  const [visible, setVisible] = useState<ShownRoll>(null);
  useEffect(() => {
    if (!roll) return;
    setVisible(roll);
    const id = setTimeout(() => setVisible(null), DICE_RESULT_MS);
    return () => clearTimeout(id);
  }, [roll]);
  return visible;
}

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

/**
 * The room's footer (spec 001 §2: quick d6 and d20, the timer toggle, the room code), set right under the tiles as
 * the table's action bar (issue 37): with Pass Turn, the last roll, and the chat (on a phone, where it is a sheet)
 * and the card lookup one tap away, so a turn's tools never need the table scrolled away, in every layout.
 */
export function TableBar({
  sessionId,
  disabled,
  canPass,
  onPassTurn,
  roll,
  timerRunning,
  onRoll,
  onToggleTimer,
  chatOpen,
  onChat,
  lookupOpen,
  onLookup,
}: {
  sessionId: string;
  disabled: boolean;
  canPass: boolean;
  onPassTurn: () => void;
  roll: ShownRoll;
  timerRunning: boolean;
  onRoll: (sides: 6 | 20) => void;
  onToggleTimer: () => void;
  chatOpen: boolean;
  onChat: () => void;
  lookupOpen: boolean;
  onLookup: () => void;
}) {
  const visible = useVisibleRoll(roll);
  return (
    <footer
      className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface p-2"
      data-testid="table-bar"
    >
      <div className="flex flex-wrap items-center gap-1.5" role="toolbar" aria-label="Table actions">
        <Button size="sm" onClick={onPassTurn} disabled={!canPass}>
          <SkipForward className="h-4 w-4" aria-hidden="true" /> Pass Turn
        </Button>
        <Button size="sm" variant="outline" onClick={() => onRoll(6)} disabled={disabled}>
          <Dices className="h-4 w-4" aria-hidden="true" /> <span className="max-sm:sr-only">Quick</span> d6
        </Button>
        <Button size="sm" variant="outline" onClick={() => onRoll(20)} disabled={disabled}>
          <Dices className="h-4 w-4" aria-hidden="true" /> <span className="max-sm:sr-only">Quick</span> d20
        </Button>
        <Button size="sm" variant="outline" onClick={onToggleTimer} disabled={disabled} aria-pressed={timerRunning}>
          {timerRunning ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
          <span className="max-sm:sr-only">{timerRunning ? "Pause Timer" : "Start Timer"}</span>
        </Button>
        {/* At desktop width the chat is always beside the table; on a phone it is a sheet this opens. */}
        <Button
          size="sm"
          variant={chatOpen ? "primary" : "outline"}
          className="lg:hidden"
          onClick={onChat}
          aria-expanded={chatOpen}
          aria-controls="room-chat"
        >
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> Chat
        </Button>
        <Button
          size="sm"
          variant={lookupOpen ? "primary" : "outline"}
          onClick={onLookup}
          aria-expanded={lookupOpen}
          aria-controls="room-card-lookup"
        >
          <Search className="h-4 w-4" aria-hidden="true" /> Card lookup
        </Button>
        <span className="min-w-0 text-sm" aria-live="polite" data-testid="bar-roll">
          {visible ? (
            <>
              {visible.name} rolled d{visible.sides}: <strong className="text-lg tabular-nums">{visible.value}</strong>
            </>
          ) : null}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <p className="text-sm">
          Room Code:{" "}
          <span className="font-mono font-bold tracking-widest" data-testid="room-code">
            {roomCode(sessionId)}
          </span>
        </p>
        <Button size="sm" variant="outline" onClick={() => void copyRoomLink(sessionId)} title="Copy room link">
          <Link2 className="h-4 w-4" aria-hidden="true" /> <span className="sr-only">Copy room link</span>
        </Button>
      </div>
    </footer>
  );
}

import { useEffect, useState } from "react";
import { Dices, Pause, Play, RotateCcw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatClock } from "~/hooks/use-game-timer";
import { DICE_SIDES, type DiceSides } from "../../../workers/contract/room/dice";
import { useVisibleRoll, type ShownRoll } from "./table-bar";

const notesKey = (sessionId: string) => `tablesync-notes-${sessionId}`;

/** Dice, Timer and Notes tabs. Notes stay in this browser, per room. */
export function GameTools({
  sessionId,
  disabled,
  roll,
  onRoll,
  timer,
}: {
  sessionId: string;
  disabled: boolean;
  roll: ShownRoll;
  onRoll: (sides: DiceSides) => void;
  timer: { seconds: number; running: boolean; start: () => void; pause: () => void; reset: () => void };
}) {
  const visible = useVisibleRoll(roll);
  const [notes, setNotes] = useState("");
  useEffect(() => setNotes(window.localStorage.getItem(notesKey(sessionId)) ?? ""), [sessionId]);

  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold">Game Tools</h2>
      <Tabs defaultValue="dice">
        <TabsList aria-label="Game tools">
          <TabsTrigger value="dice">Dice</TabsTrigger>
          <TabsTrigger value="timer">Timer</TabsTrigger>
          <TabsTrigger value="notes">Notes</TabsTrigger>
        </TabsList>
        <TabsContent value="dice">
          <div className="grid grid-cols-3 gap-2">
            {DICE_SIDES.map((sides) => (
              <Button key={sides} variant="outline" onClick={() => onRoll(sides)} disabled={disabled}>
                <Dices className="h-4 w-4" aria-hidden="true" /> d{sides}
              </Button>
            ))}
          </div>
          <div className="mt-3 min-h-12 rounded-lg border border-border p-3 text-center" aria-live="polite" data-testid="dice-result">
            {visible ? (
              <span>
                {visible.name} rolled d{visible.sides}: <strong className="text-2xl">{visible.value}</strong>
              </span>
            ) : (
              <span className="text-sm text-muted">Roll a die: everyone sees the same result.</span>
            )}
          </div>
        </TabsContent>
        <TabsContent value="timer">
          <p className="text-center font-mono text-4xl tabular-nums" aria-live="off">
            {formatClock(timer.seconds)}
          </p>
          <div className="mt-3 flex justify-center gap-2">
            {timer.running ? (
              <Button variant="outline" onClick={timer.pause} disabled={disabled}>
                <Pause className="h-4 w-4" aria-hidden="true" /> Pause
              </Button>
            ) : (
              <Button onClick={timer.start} disabled={disabled}>
                <Play className="h-4 w-4" aria-hidden="true" /> Start
              </Button>
            )}
            <Button variant="outline" onClick={timer.reset} disabled={disabled}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset
            </Button>
          </div>
        </TabsContent>
        <TabsContent value="notes">
          <Label htmlFor="room-notes">Notes (saved in this browser for this room)</Label>
          <Textarea
            id="room-notes"
            value={notes}
            rows={6}
            onChange={(e) => {
              setNotes(e.target.value);
              window.localStorage.setItem(notesKey(sessionId), e.target.value);
            }}
          />
        </TabsContent>
      </Tabs>
    </Card>
  );
}

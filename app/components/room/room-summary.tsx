import { Form, Link, useActionData } from "@remix-run/react";
import { LogIn, LogOut } from "lucide-react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { FlashToast } from "~/components/ui/flash-toast";
import type { ActionResult } from "~/lib/forms";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { powerLabel } from "../../../workers/contract/brackets";
import { formatLabel, roomPath } from "../../../workers/contract/game-session-options";
import type { Place } from "../../../workers/domain/rooms/game-sessions";
import type { ResultRead } from "../../../workers/domain/results/game-results";
import { ResultPanel } from "./result-panel";
import { UnblockHostAction } from "~/components/profile/unblock-host";

/**
 * The room as the server renders it, until the live room (sockets, video) has
 * loaded in the browser: what the table is, and the member's forms for it,
 * which work without JavaScript too (take a place, leave). A member the room
 * refuses (`refusal`: removed by the host, a block, a game that ended) sees
 * only why, and the way back to the lobby: the live room never loads for them. An ended room shows its result
 * (`result`; null for a tournament match, which the tournament reports).
 */
export function RoomSummary({
  session,
  hostName,
  place,
  mode,
  refusal,
  result: gameResult = null,
}: {
  session: GameSessionView;
  hostName: string;
  place: Place | null;
  mode: "play" | "spectate";
  refusal: string | null;
  result?: ResultRead | null;
}) {
  const result = useActionData<ActionResult>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <FlashToast toast={result && !result.ok ? (result.toast ?? null) : null} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{session.gameData.name || "Game Room"}</h1>
          <p className="text-muted">
            Hosted by {hostName} • {formatLabel(session.gameData.format)}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={session.status === "active" ? "success" : "secondary"}>
              {session.status === "active" ? "Game Active" : session.status === "completed" ? "Game Over" : "Waiting for Players"}
            </Badge>
            {place?.role === "spectator" || (!place && mode === "spectate") ? <Badge tone="outline">Spectating</Badge> : null}
          </div>
        </div>
        {refusal ? null : (
          <Form method="post">
            {place ? (
              <>
                <input type="hidden" name="intent" value="leave" />
                <Button type="submit" variant="destructive">
                  <LogOut className="h-4 w-4" aria-hidden="true" /> Leave Room
                </Button>
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="enter" />
                <input type="hidden" name="mode" value={mode} />
                <Button type="submit">
                  <LogIn className="h-4 w-4" aria-hidden="true" /> {mode === "spectate" ? "Watch this table" : "Join this table"}
                </Button>
              </>
            )}
          </Form>
        )}
      </header>
      <p className="mt-4 text-sm text-muted">
        Players {session.currentPlayers}/{session.maxPlayers} • Spectators {session.spectators} • Power level {powerLabel(session.gameData)}
      </p>
      {refusal ? (
        <div className={gameResult ? "py-6 text-center" : "py-16 text-center"} data-testid="room-refusal">
          <p className="text-lg font-semibold" role="status">
            {refusal}
          </p>
          <UnblockHostAction refusal={refusal} hostId={session.hostId} hostName={hostName} roomPath={roomPath(session.id)} />
          {gameResult ? <ResultPanel result={gameResult} /> : null}
          <Link to="/tablesync" className={buttonClasses(gameResult ? "outline" : "primary", "md", "mt-6")}>
            Back to the lobby
          </Link>
        </div>
      ) : (
        <div className="py-16 text-center" role="status">
          <p className="text-lg text-muted">Loading game room...</p>
          <p className="mt-2 text-sm text-muted">The live table (video, chat, dice and turns) runs in your browser with JavaScript.</p>
        </div>
      )}
    </div>
  );
}

import { useCallback, useState } from "react";
import { toast } from "~/hooks/use-toast";
import type { EventDto } from "../../../workers/contract/events";
import { seatToast, type EventAction } from "../../../workers/domain/event-seats";
import { errorMessage, eventsClient } from "./events-client";

export type ActionMode = "calendar" | "lobby";
type JoinAction = Exclude<EventAction, "leave">;

function requestedSeat(action: JoinAction) {
  return {
    status: "attending" as const,
    // Spec 001 §6: participant for main and alternate, spectator for spectators (who send main).
    role: action === "spectate" ? ("spectator" as const) : ("participant" as const),
    playerType: action === "join_alternate" ? ("alternate" as const) : ("main" as const),
  };
}

/**
 * Join and leave with the spec's toasts: the lobby names the seat ('Joined as
 * player!', 'Added to waiting list!', 'Spectating event!'), the calendar says
 * 'Joined event successfully!'. The server decides the seat; the toast follows it.
 */
export function useEventActions(mode: ActionMode, onChanged: () => void) {
  const [pendingId, setPendingId] = useState<string | null>(null);

  const join = useCallback(
    async (event: EventDto, action: JoinAction) => {
      const body = requestedSeat(action);
      setPendingId(event.id);
      try {
        const seated = await eventsClient.join(event.id, body);
        const seat = { role: seated.role ?? body.role, playerType: seated.playerType ?? body.playerType };
        const seatText = seatToast(seat);
        if (mode === "lobby") toast(seatText);
        else
          toast({
            title: "Joined event successfully!",
            description: event.type === "game_pod" || seat.role === "spectator" ? seatText.description : undefined,
          });
        onChanged();
      } catch (error) {
        const kind = body.role === "spectator" ? "spectator" : body.playerType;
        toast({
          title: mode === "lobby" ? `Failed to join as ${kind}` : "Failed to join event",
          description: errorMessage(error),
          variant: "destructive",
        });
      } finally {
        setPendingId(null);
      }
    },
    [mode, onChanged],
  );

  const leave = useCallback(
    async (event: EventDto) => {
      setPendingId(event.id);
      try {
        await eventsClient.leave(event.id);
        toast({ title: "Left event successfully!" });
        onChanged();
      } catch (error) {
        toast({ title: "Failed to leave event", description: errorMessage(error), variant: "destructive" });
      } finally {
        setPendingId(null);
      }
    },
    [onChanged],
  );

  return { pendingId, join, leave };
}

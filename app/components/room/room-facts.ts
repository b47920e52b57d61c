import type { GameSessionView } from "../../../workers/contract/game-sessions";
import type { SocketStatus } from "~/hooks/use-room-socket";
import type { RoomView } from "./room-state";

type Inputs = {
  view: RoomView;
  session: Pick<GameSessionView, "hostId" | "status" | "currentPlayers">;
  /** The host's display name as the page loaded it. */
  loadedHostName: string;
  selfId: string;
  mode: "play" | "spectate";
  status: SocketStatus;
};

/**
 * What the page reads off the live view, falling back to what it loaded until the room's first frame: who hosts,
 * the room's status and head count, and what this member may do. Pure, tested beside it.
 */
export function roomFacts({ view, session, loadedHostName, selfId, mode, status }: Inputs) {
  const spectator = mode === "spectate" || view.you?.role === "spectator";
  const connected = status === "open" && view.you !== null;
  const hostId = view.hostId ?? session.hostId;
  const seated = [...view.players, ...view.away];
  return {
    spectator,
    connected,
    /** The table's controls are off for spectators and while the socket is not joined. */
    toolsDisabled: spectator || !connected,
    hostId,
    hostName: seated.find((p) => p.id === hostId)?.name ?? loadedHostName,
    roomStatus: view.status ?? session.status,
    players: view.status ? seated.length : session.currentPlayers,
    isHost: !spectator && hostId === selfId,
    /** An away turn holder: anyone may pass for them. */
    turnHolderAway: view.away.some((p) => p.id === view.currentTurn),
  };
}
export type RoomFacts = ReturnType<typeof roomFacts>;

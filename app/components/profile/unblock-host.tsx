import { ROOM_REFUSALS } from "../../../workers/contract/game-session-options";
import { UnblockForm } from "./block-member";

/**
 * Beside a room's refusal: when it is the member's own block of the host ("You blocked this room's host. Unblock them
 * to join."), Unblock, coming back to the room, where they may then join. Nothing for any other refusal.
 */
export function UnblockHostAction({
  refusal,
  hostId,
  hostName,
  roomPath,
}: {
  refusal: string;
  hostId: string;
  hostName: string;
  roomPath: string;
}) {
  if (refusal !== ROOM_REFUSALS.hostBlocked) return null;
  return (
    <div className="mt-4 flex justify-center" data-testid="unblock-host">
      <UnblockForm member={{ id: hostId, name: hostName }} returnTo={roomPath} label={`Unblock ${hostName}`} />
    </div>
  );
}

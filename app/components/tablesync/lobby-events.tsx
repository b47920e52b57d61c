/**
 * Upcoming game_pod events in the TableSync lobby's Join Room tab (spec 001 §2).
 * Rendered by the lobby (TableSync issue); its content lands with the events issue.
 */
export function LobbyEvents({ communityId }: { communityId: string | null }) {
  void communityId;
  return null;
}

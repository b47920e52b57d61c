import { useEffect, useRef } from "react";
import type { RoomChannel } from "~/hooks/use-room-socket";
import { toast } from "~/hooks/use-toast";
import type { RoomPlayer } from "../../../workers/contract/room/protocol";
import { noticeFor } from "./room-notices";

/**
 * Turns the room's notices (room-notices.ts) into toasts, and a lost place into `onPlaceLost` (the page takes one
 * again). `seats` are the players the page shows, for naming who goes first.
 */
export function useRoomNotices(
  { subscribe }: RoomChannel,
  { selfId, seats, onPlaceLost }: { selfId: string; seats: readonly Pick<RoomPlayer, "id" | "name">[]; onPlaceLost: () => void },
) {
  const latest = useRef({ selfId, seats, onPlaceLost });
  latest.current = { selfId, seats, onPlaceLost };
  useEffect(
    () =>
      subscribe((frame) => {
        const { selfId, seats, onPlaceLost } = latest.current;
        const firstName = (id: string | null) => seats.find((p) => p.id === id)?.name.split(" ")[0] ?? "Nobody";
        const notice = noticeFor(frame, selfId, firstName);
        if (notice?.kind === "place_lost") onPlaceLost();
        else if (notice?.kind === "toast") {
          toast({ title: notice.title, description: notice.description, variant: notice.destructive ? "destructive" : undefined });
        }
      }),
    [subscribe],
  );
}

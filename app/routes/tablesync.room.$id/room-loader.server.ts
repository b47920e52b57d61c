import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/lib/auth.server";
import { ROOM_CLOSE, endedReasonFor } from "../../../workers/contract/room/close-codes";
import { DomainError } from "../../../workers/domain/errors";
import { readGameResult } from "../../../workers/domain/results/game-results";
import { readRoomEntry } from "../../../workers/domain/rooms/room-d1";
import { ROOM_REFUSALS, type PageRefusal } from "../../../workers/domain/rooms/room-rules";
import { directOnly, relayForMember } from "../../../workers/domain/rooms/video-relay";

/** What the page says instead of opening the room: the same words the room's socket and the API use. */
const REFUSAL_TEXT: Record<PageRefusal, string> = {
  removed: endedReasonFor(ROOM_CLOSE.removed)!,
  blocked: ROOM_REFUSALS.blocked,
  host_blocked: ROOM_REFUSALS.hostBlocked,
  realm_removed: ROOM_REFUSALS.realmRemoved,
  ended: endedReasonFor(ROOM_CLOSE.ended)!,
};

/**
 * The room page's data in one D1 round trip (two for an ended room, with its result, or for a new relay credential). A member the room would refuse (removed by the host, kept out by a
 * block) or a game that has ended is told so here, so the page never opens the socket or asks for the camera.
 */
export async function roomLoader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const entry = params.id ? await readRoomEntry(context.db, params.id, user.id) : null;
  const mode: "play" | "spectate" = new URL(request.url).searchParams.get("mode") === "spectate" ? "spectate" : "play";
  // Relay credentials only for a member with a place in this room (a seat or a spectator place), reused while they
  // last a game (workers/domain/rooms/video-relay.ts). A page opened from a link takes its place through the action and
  // then loads again (route.tsx shouldRevalidate), so it gets them then; until then STUN alone, without a notice.
  const env = context.cloudflare.env;
  const { iceServers, relay } =
    !entry || entry.refusal
      ? { iceServers: [], relay: "off" as const }
      : entry.place
        ? await relayForMember(env, context.db, user.id)
        : directOnly(env);
  // An ended room shows its result (not a tournament match's: the tournament reports those), one more round trip.
  const result =
    entry?.refusal === "ended" && !entry.session.tournamentMatchId
      ? // A block or removal since keeps a member from the result as from the room: the page then says only that it ended.
        await readGameResult(context.db, entry.session.id, user.id).catch((error: unknown) => {
          if (error instanceof DomainError) return null;
          throw error;
        })
      : null;
  return data(
    {
      result,
      session: entry?.session ?? null,
      place: entry?.place ?? null,
      hostName: entry?.hostName ?? "",
      refusal: entry?.refusal ? REFUSAL_TEXT[entry.refusal] : null,
      mode,
      selfId: user.id,
      iceServers,
      relay,
    },
    { status: entry ? 200 : 404 },
  );
}

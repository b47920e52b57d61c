import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, echoValues, failure, parseSubmission, readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createRoomForm, lobbyIntent } from "../../../workers/contract/game-sessions";
import { roomPath } from "../../../workers/contract/game-session-options";
import { SEAT_REFUSALS } from "../../../workers/domain/rooms/room-rules";
import { createRoom, joinRoom, spectateRoom, type SeatResult } from "../../../workers/domain/rooms/rooms";
import { findMeASeat, type SeatFound, type UsualRoomSettings } from "../../../workers/domain/rooms/find-a-seat";
import { announceOpenRoom } from "../../../workers/domain/rooms/open-room-alerts";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import { ROOM_TOASTS, toastFor } from "~/components/tablesync/room-toasts";

/** The room page, opened to watch when `mode` says so. */
const roomEntry = (sessionId: string, mode?: "spectate") => `${roomPath(sessionId)}${mode ? `?mode=${mode}` : ""}`;

/** Create Room with starting values (lobby-loader.server.ts reads them back with createRoomDefaults). */
function createRoomHref(usual: UsualRoomSettings): string {
  const params = new URLSearchParams({ tab: "create" });
  if (usual.format) params.set("new.format", usual.format);
  if (usual.powerLevel) params.set("new.powerLevel", usual.powerLevel);
  if (usual.bracket) params.set("new.bracket", String(usual.bracket));
  if (usual.maxPlayers) params.set("new.maxPlayers", String(usual.maxPlayers));
  if (usual.communityId) params.set("new.communityId", usual.communityId);
  params.set("new.announce", "1");
  return `/tablesync?${params}`;
}

/**
 * The lobby's forms (spec 001 §2): create a room, join or watch a listed one,
 * or find me a seat (issue 25). Each calls the room service and goes to the
 * room (post, redirect, toast), with or without JavaScript; a seat not found
 * goes to Create Room with the member's usual settings and realm (usual-room.ts).
 */
export async function lobbyAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const { db } = context;
  const { env } = context.cloudflare;
  const raw = await readForm(request);
  const intent = parseSubmission(lobbyIntent, raw);
  if (!intent.ok) return intent.response;
  switch (intent.value.intent) {
    case "create": {
      const form = parseSubmission(createRoomForm, raw, {
        ...ROOM_TOASTS.createFailed,
        description: "Please correct the highlighted fields.",
      });
      if (!form.ok) return form.response;
      try {
        const room = await createRoom(db, user.id, form.value);
        if (intent.value.announce) await announceOpenRoom(db, room, room.host.name);
        return redirectWithToast(request, roomEntry(room.id), ROOM_TOASTS.created(room.gameData.format, room.gameData.name));
      } catch (error) {
        return domainFailure(error, (e) => ({ ...toastFor(ROOM_TOASTS.createFailed)(e), values: echoValues(raw) }));
      }
    }
    case "join": {
      const { sessionId } = intent.value;
      let seat: SeatResult;
      try {
        seat = await joinRoom(env, db, sessionId, user.id);
      } catch (error) {
        return domainFailure(error, toastFor(ROOM_TOASTS.joinFailed));
      }
      if (seat.ok) return redirectWithToast(request, roomEntry(sessionId), ROOM_TOASTS.joined);
      return seat.reason === "full"
        ? failure(409, "Room is full", { toast: ROOM_TOASTS.full(seat.maxPlayers) })
        : failure(403, seat.reason === "invited_only" ? SEAT_REFUSALS.invitedOnly : SEAT_REFUSALS.matchPlayersOnly, {
            toast: ROOM_TOASTS.joinFailed,
          });
    }
    case "find-seat": {
      const { format, powerLevel, bracket } = intent.value;
      let found: SeatFound;
      try {
        found = await findMeASeat(env, db, user.id, { format, powerLevel, bracket, communityId: await readSelectedCommunity(request) });
      } catch (error) {
        return domainFailure(error, toastFor(ROOM_TOASTS.findSeatFailed));
      }
      if (found.ok) return redirectWithToast(request, roomEntry(found.sessionId), ROOM_TOASTS.joined);
      return redirectWithToast(request, createRoomHref(found.usual), ROOM_TOASTS.noSeatFound);
    }
    case "spectate": {
      const { sessionId } = intent.value;
      try {
        await spectateRoom(env, db, sessionId, user.id);
      } catch (error) {
        return domainFailure(error, toastFor(ROOM_TOASTS.spectateFailed));
      }
      return redirectWithToast(request, roomEntry(sessionId, "spectate"), ROOM_TOASTS.spectating);
    }
  }
}

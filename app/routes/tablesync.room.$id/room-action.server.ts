import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ROOM_TOASTS, toastFor } from "~/components/tablesync/room-toasts";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, failure, parseSubmission, readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { roomIntent, sessionIdParam } from "../../../workers/contract/game-sessions";
import { DomainError } from "../../../workers/domain/errors";
import { setRoomPrivacy } from "../../../workers/domain/rooms/room-privacy";
import { enterRoom, leaveRoom, removeFromRoom, startRoom } from "../../../workers/domain/rooms/rooms";
import { RESULT_INTENTS, resultAction } from "./result-action.server";

/**
 * The room page's forms: take a place when the page was opened from a link
 * (the page sends it by itself with JavaScript), leave, start the game, and
 * the host's removal of a member and privacy toggle; after the game, its result (result-action.server.ts). Each is
 * one domain call.
 */
export async function roomAction({ request, params, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const { db } = context;
  const { env } = context.cloudflare;
  const room = sessionIdParam.safeParse({ id: params.id });
  if (!room.success) return failure(404, "Game session not found", { toast: ROOM_TOASTS.joinFailed });
  const sessionId = room.data.id;
  const raw = await readForm(request);
  if (typeof raw.intent === "string" && RESULT_INTENTS.has(raw.intent)) return resultAction(context, sessionId, user.id, raw);
  const intent = parseSubmission(roomIntent, raw);
  if (!intent.ok) return intent.response;
  switch (intent.value.intent) {
    case "enter": {
      const { mode } = intent.value;
      try {
        const place = await enterRoom(env, db, sessionId, user.id, mode);
        // A link opened to play a room that filled meanwhile watches it, and says why, as the lobby does.
        if (place.fullAt !== undefined) return { ok: true as const, role: place.role, toast: ROOM_TOASTS.full(place.fullAt) };
        if (place.invitedOnly) return { ok: true as const, role: place.role, toast: ROOM_TOASTS.invitedOnly };
        return { ok: true as const, role: place.role };
      } catch (error) {
        return domainFailure(error, toastFor(mode === "spectate" ? ROOM_TOASTS.spectateFailed : ROOM_TOASTS.joinFailed));
      }
    }
    case "leave": {
      try {
        await leaveRoom(env, db, sessionId, user.id);
      } catch (error) {
        // Out of the room already (a spectator's place ends with their last socket): leaving has happened.
        if (!(error instanceof DomainError && error.kind === "not_found")) return domainFailure(error, { toast: ROOM_TOASTS.leaveFailed });
      }
      return redirectWithToast(request, "/tablesync", ROOM_TOASTS.left);
    }
    case "remove": {
      try {
        await removeFromRoom(env, db, sessionId, user.id, intent.value.userId);
      } catch (error) {
        return domainFailure(error, { toast: ROOM_TOASTS.removeFailed });
      }
      return { ok: true as const, toast: ROOM_TOASTS.removed };
    }
    case "privacy": {
      const { isPrivate } = intent.value;
      try {
        await setRoomPrivacy(db, user, sessionId, isPrivate);
      } catch (error) {
        return domainFailure(error, { toast: ROOM_TOASTS.privacyFailed });
      }
      return { ok: true as const, isPrivate, toast: isPrivate ? ROOM_TOASTS.madePrivate : ROOM_TOASTS.madePublic };
    }
    case "start": {
      try {
        await startRoom(env, db, sessionId, user.id);
      } catch (error) {
        return domainFailure(error, { toast: ROOM_TOASTS.startFailed });
      }
      return { ok: true as const };
    }
  }
}

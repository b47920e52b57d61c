import { z } from "../../../workers/lib/zod";
import { friendRequestBody, idParam, userIdParam } from "../../../workers/contract/friends";
import { matchmakingPreferencesSchema } from "../../../workers/contract/matchmaking";

/**
 * What the /matchmaking page's forms submit, validated with the API's own
 * schemas (workers/contract). The preferences arrive as form fields: repeated
 * checkboxes become lists, numbers are read as numbers and the online-only
 * switch as a boolean.
 */
const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const number = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value);

export function preferencesFromForm(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const fields = raw as Record<string, unknown>;
  return {
    ...fields,
    selectedGames: list(fields.selectedGames),
    selectedFormats: list(fields.selectedFormats),
    powerLevelMin: number(fields.powerLevelMin),
    powerLevelMax: number(fields.powerLevelMax),
    maxDistance: number(fields.maxDistance),
    onlineOnly: fields.onlineOnly === "true" || fields.onlineOnly === "on",
    notifyOpenRooms: fields.notifyOpenRooms === "true" || fields.notifyOpenRooms === "on",
  };
}

/** Save Preferences: the body of PUT /api/matchmaking/preferences, from the form. */
export const preferencesSubmission = z.preprocess(preferencesFromForm, matchmakingPreferencesSchema);

/** Invite a player, answer or cancel a request, end a friendship: the bodies and ids of the /api friend routes. */
export const connectionSubmission = z.discriminatedUnion("intent", [
  // The name is only for the toast ('… will see your friend request').
  friendRequestBody.extend({ intent: z.literal("invite"), username: z.string().max(500).optional() }),
  idParam.extend({ intent: z.literal("accept") }),
  idParam.extend({ intent: z.literal("decline") }),
  idParam.extend({ intent: z.literal("cancel") }),
  userIdParam.extend({ intent: z.literal("remove") }),
]);
export type ConnectionSubmission = z.infer<typeof connectionSubmission>;

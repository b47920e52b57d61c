import { z } from "../../../workers/lib/zod";

/**
 * The member's last camera and microphone choice in a room, kept per browser (localStorage), so a reload puts
 * them back as they were: the camera on again when the browser already grants it, a muted microphone still muted.
 * Pure functions over a storage, tested on their own.
 */
export const mediaChoice = z.object({
  /** The member had turned their camera on (Enable Camera). */
  camera: z.boolean(),
  /** The camera's picture was on (not "Camera Off"). */
  video: z.boolean(),
  /** The microphone was on (not "Mic Off"). */
  mic: z.boolean(),
});
export type MediaChoice = z.infer<typeof mediaChoice>;

type ChoiceStorage = Pick<Storage, "getItem" | "setItem">;

/** Per member: two members who share a browser keep their own choices. */
export const mediaChoiceKey = (memberId: string) => `realmcast:room-media:${memberId}`;

/** The stored choice, or null when there is none or it is not one (another version, edited by hand). */
export function readMediaChoice(storage: ChoiceStorage, memberId: string): MediaChoice | null {
  let raw: string | null;
  try {
    raw = storage.getItem(mediaChoiceKey(memberId));
  } catch {
    // Storage refused (a privacy mode): nothing is remembered.
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = mediaChoice.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveMediaChoice(storage: ChoiceStorage, memberId: string, choice: MediaChoice): void {
  try {
    storage.setItem(mediaChoiceKey(memberId), JSON.stringify(choice));
  } catch {
    // Full or refused storage: the choice is simply not remembered.
  }
}

/** A permission's state as `navigator.permissions.query` gives it; null where the browser cannot say (Firefox has no "camera"). */
export type PermissionAnswer = "granted" | "denied" | "prompt" | null;

/**
 * Whether the page turns the camera back on by itself: only when the member had it on and the browser already
 * grants both camera and microphone, so coming back never shows a permission prompt the member did not ask for.
 */
export function shouldRestoreCamera(choice: MediaChoice | null, camera: PermissionAnswer, microphone: PermissionAnswer): boolean {
  return Boolean(choice?.camera) && camera === "granted" && microphone === "granted";
}

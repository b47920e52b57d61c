import type { ToastMessage } from "~/lib/toast";
import type { ConnectionSubmission } from "./matchmaking-forms";
import { countOf } from "../../../workers/contract/plural";

const failed = (title: string, description: string): ToastMessage => ({ title, description, variant: "destructive" });

/** Spec 001 §8 matchmaking toasts, and the Connections tab's own. */
export const PREFERENCES_SAVED: ToastMessage = {
  title: "Preferences saved",
  description: "Your matchmaking preferences have been updated.",
};
export const preferencesFailed = (description: string) => failed("Failed to save preferences", description);

export function playersFound(count: number): ToastMessage {
  return { title: "Players found!", description: `Found ${countOf(count, "player")} matching your preferences.` };
}
export const searchFailed = (description: string) => failed("Search failed", description);

/** The toast of a connection change that went through. */
export function connectionDone(form: ConnectionSubmission): ToastMessage {
  switch (form.intent) {
    case "invite":
      return { title: "Invite sent!", description: `${form.username || "They"} will see your friend request.` };
    case "accept":
      return { title: "Friend request accepted" };
    case "decline":
      return { title: "Friend request declined" };
    case "cancel":
      return { title: "Friend request cancelled" };
    case "remove":
      return { title: "Friend removed" };
  }
}

/** 'Invite failed' for invites, 'Something went wrong' for the rest, with the server's reason. */
export const connectionFailed = (intent: unknown, description: string) =>
  failed(intent === "invite" ? "Invite failed" : "Something went wrong", description);

import type { ToastMessage } from "~/lib/toast";

/** Spec 000 §8. */
export const PROFILE_UPDATED: ToastMessage = { title: "Profile updated successfully!" };
export const PROFILE_UPDATE_FAILED: ToastMessage = { title: "Failed to update profile", variant: "destructive" };

/** The Social Links card's own texts (the spec names none). */
export const linkAddFailed = (message?: string): ToastMessage => ({
  title: "Could not add the link",
  description: message || "Something went wrong",
  variant: "destructive",
});
export const LINK_REMOVE_FAILED: ToastMessage = { title: "Could not remove the link", variant: "destructive" };

/** The profile picture's own texts (the spec names none). */
export const AVATAR_SAVED: ToastMessage = { title: "Profile picture updated" };
export const AVATAR_REMOVED: ToastMessage = { title: "Profile picture removed" };

/** The Decks card's texts. */
export const DECK_SAVED: ToastMessage = { title: "Deck saved" };
export const DECK_REMOVED: ToastMessage = { title: "Deck deleted" };
export const deckSaveFailed = (message?: string): ToastMessage => ({
  title: "Could not save the deck",
  description: message || "Something went wrong",
  variant: "destructive",
});
export const DECK_REMOVE_FAILED: ToastMessage = { title: "Could not delete the deck", variant: "destructive" };
export const deckCheckFailed = (message?: string): ToastMessage => ({
  title: "Could not check the list",
  description: message || "Something went wrong",
  variant: "destructive",
});

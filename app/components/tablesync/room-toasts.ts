import { SEAT_REFUSALS } from "../../../workers/contract/game-session-options";
import type { ToastMessage } from "~/lib/toast";
import { formatLabel } from "../../../workers/contract/game-session-options";
import type { DomainError } from "../../../workers/domain/errors";

/** TableSync's toasts, the spec's texts verbatim (spec 001 §5, §8). */
export const ROOM_TOASTS = {
  created: (format: string, name: string): ToastMessage => ({
    title: "Room created successfully!",
    description: `Your ${formatLabel(format)} room "${name}" is now live. Redirecting to game room...`,
  }),
  createFailed: { title: "Failed to create room", description: "Please try again later.", variant: "destructive" },
  nameRequired: { title: "Room name required", description: "Please enter a name for your game room.", variant: "destructive" },
  formatRequired: { title: "Format required", description: "Please select a game format for your room.", variant: "destructive" },
  createNeedsLogin: { title: "Authentication required", description: "Please log in to create a game room.", variant: "destructive" },
  communityRequired: {
    title: "Community required",
    description: "Please select a specific community to create a game room.",
    variant: "destructive",
  },
  joined: { title: "Successfully joined!", description: "Connecting to game room..." },
  noSeatFound: {
    title: "No open seat fits you right now",
    description: "Create a room with your usual settings and players can join you.",
  },
  findSeatFailed: { title: "Could not find you a seat", description: "Please try again later.", variant: "destructive" },
  joinNeedsLogin: { title: "Authentication required", description: "Please log in to join a game room.", variant: "destructive" },
  full: (maxPlayers: number): ToastMessage => ({
    title: "Room is full",
    description: `This room has reached its maximum capacity of ${maxPlayers} players.`,
    variant: "destructive",
  }),
  /** A room with invites (a bot's) opened by someone it did not invite: they watch instead. */
  invitedOnly: { title: "Watching", description: SEAT_REFUSALS.invitedOnly },
  joinFailed: { title: "Failed to join room", description: "Room may be full or no longer available.", variant: "destructive" },
  spectating: { title: "Now spectating!", description: "You can watch the game in progress." },
  spectateFailed: { title: "Failed to spectate", description: "Unable to join as spectator.", variant: "destructive" },
  left: { title: "Left the room", description: "See you at the next game." },
  leaveFailed: { title: "Error leaving room", description: "Please try again", variant: "destructive" },
  startFailed: { title: "Could not start the game", description: "Please try again", variant: "destructive" },
  removed: { title: "Removed from the room", description: "Their place is free again." },
  removeFailed: { title: "Could not remove them", description: "Please try again", variant: "destructive" },
  madePrivate: { title: "Room is private", description: "Only people with the link can find it." },
  madePublic: { title: "Room is public", description: "It is listed in the lobby again." },
  privacyFailed: { title: "Could not change who sees this room", description: "Please try again", variant: "destructive" },
} satisfies Record<string, ToastMessage | ((...args: never[]) => ToastMessage)>;

/** An action's toast for a refusal: a rate limit says when to try again, anything else gets the spec's text. */
export const toastFor = (toast: ToastMessage) => (error: DomainError) => ({
  toast: error.kind === "rate_limited" ? { ...toast, description: error.message } : toast,
});

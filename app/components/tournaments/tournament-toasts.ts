import type { ToastMessage } from "~/lib/toast";

/** What a member asks of a tournament: the `intent` of the hub's and the tournament page's forms. */
export type TournamentIntent =
  "create" | "join" | "leave" | "drop" | "start" | "round" | "finish" | "edit" | "result" | "room" | "cut" | "time" | "podResult";

/** Spec 001 §8 (create, join, 'Missing information'); the running event's texts are the app's own. */
export const TOURNAMENT_SUCCESS = {
  create: { title: "Tournament created!", description: "Your tournament has been created successfully." },
  join: { title: "Joined tournament!", description: "You have successfully joined the tournament." },
  leave: { title: "Left tournament" },
  drop: { title: "Dropped from tournament" },
  start: { title: "Tournament started", description: "Round 1 is paired." },
  finish: { title: "Tournament completed", description: "Final standings are up." },
  edit: { title: "Tournament updated" },
  result: { title: "Result reported" },
  cut: { title: "Top cut paired", description: "The best players by standing meet in the top cut." },
  time: { title: "Time called", description: "Every pod still playing is a draw." },
} satisfies Partial<Record<TournamentIntent, ToastMessage>>;

export const roundPairedToast = (round: number): ToastMessage => ({ title: `Round ${round} paired` });

const FAILURE_TITLES: Record<TournamentIntent, string> = {
  create: "Failed to create tournament",
  join: "Failed to join tournament",
  leave: "Failed to leave tournament",
  drop: "Failed to drop",
  start: "Failed to start tournament",
  round: "Failed to pair the next round",
  finish: "Failed to finish tournament",
  edit: "Failed to update tournament",
  result: "Failed to report result",
  room: "Failed to open match room",
  cut: "Failed to start the top cut",
  time: "Failed to call time",
  podResult: "Failed to report result",
};

/** A refusal: the intent's title with the server's message, else the spec's 'Something went wrong'. */
export const tournamentFailure = (intent: TournamentIntent, message?: string): ToastMessage => ({
  title: FAILURE_TITLES[intent],
  description: message || "Something went wrong",
  variant: "destructive",
});

export const MISSING_INFORMATION: ToastMessage = {
  title: "Missing information",
  description: "Please fill in all required fields.",
  variant: "destructive",
};

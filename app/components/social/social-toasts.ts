import type { ToastMessage } from "~/lib/toast";

/** The Social Hub's toasts (spec 000 §8 where it names them). */
export const SOCIAL_TOASTS = {
  missing: (description: string): ToastMessage => ({ title: "Missing Information", description, variant: "destructive" }),
  connecting: (name: string): ToastMessage => ({ title: "Platform Connection", description: `Connecting to ${name}...` }),
  disconnected: (name: string): ToastMessage => ({ title: "Platform Disconnected", description: `Disconnected from ${name}` }),
  scheduled: (at: Date, names: string): ToastMessage => ({
    title: "Post Scheduled",
    description: `Scheduled for ${at.toLocaleString()}. We will remind you with the text to post on ${names}.`,
  }),
  created: (names: string): ToastMessage => ({
    title: "Post Created",
    description: `Ready for ${names}: copy it from Scheduled Posts and publish it there.`,
  }),
  saveFailed: { title: "Could not save the post", variant: "destructive" } satisfies ToastMessage,
  platformFailed: { title: "Could not update the platform", variant: "destructive" } satisfies ToastMessage,
  deleteFailed: { title: "Could not delete the post", variant: "destructive" } satisfies ToastMessage,
  loadMoreFailed: { title: "Could not load more posts", variant: "destructive" } satisfies ToastMessage,
};

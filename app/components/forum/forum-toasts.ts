import type { ToastMessage } from "~/lib/toast";

/** The forum's toasts (spec 001 §8 where it names them), shared by the actions and the forms. */
export const FORUM_TOASTS = {
  postCreated: { title: "Post created successfully!" },
  postUpdated: { title: "Post updated successfully!" },
  postDeleted: { title: "Post deleted" },
  replyPosted: { title: "Reply posted successfully!" },
  createFailed: { title: "Failed to create post", variant: "destructive" },
  updateFailed: { title: "Failed to update post", variant: "destructive" },
  deleteFailed: { title: "Failed to delete post", variant: "destructive" },
  replyFailed: { title: "Failed to post reply", variant: "destructive" },
  replyUpdateFailed: { title: "Failed to update reply", variant: "destructive" },
  replyDeleteFailed: { title: "Failed to delete reply", variant: "destructive" },
  selectCommunity: { title: "Please select a community first", variant: "destructive" },
  fillAllFields: { title: "Please fill in all fields", variant: "destructive" },
  enterReply: { title: "Please enter a reply", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;

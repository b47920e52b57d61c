import type { ForumAuthor } from "../../../workers/contract/forum";

/** How a post or reply names its author; e-mail addresses are never shown. */
export function authorName(author: ForumAuthor): string {
  if (!author) return "Deleted member";
  return author.firstName?.trim() || author.username?.trim() || "Member";
}

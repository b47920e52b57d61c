import type { ForumAuthor } from "../../../workers/contract/forum";
import { displayName } from "../../../workers/contract/display-name";

/** How a post or reply names its author; e-mail addresses are never shown. */
export function authorName(author: ForumAuthor): string {
  if (!author) return "Deleted member";
  return displayName(author);
}

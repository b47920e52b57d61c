/**
 * Which forum posts and replies a viewer sees (issue 38), in one place: a post or reply a moderator hid is shown to
 * its author only (marked hidden, with the reason), and to nobody else in any list, count, feed or search. Every
 * read of posts and replies (the forum's list and search, a post, its replies, the dashboards' recent posts and the
 * reply counter) puts this condition in its own statement, as rooms do with roomsListedTo.
 */
import { isNull, or, eq, type SQL } from "drizzle-orm";
import { forumPosts, forumReplies } from "../db/schema";

export function postsVisibleTo(viewerId: string | null): SQL {
  return viewerId ? or(isNull(forumPosts.hiddenAt), eq(forumPosts.authorId, viewerId))! : isNull(forumPosts.hiddenAt);
}

export function repliesVisibleTo(viewerId: string | null): SQL {
  return viewerId ? or(isNull(forumReplies.hiddenAt), eq(forumReplies.authorId, viewerId))! : isNull(forumReplies.hiddenAt);
}

/** What everyone sees: counts and feeds shown to more than one member count only what nobody hid. */
export const shownToEveryone = { posts: () => isNull(forumPosts.hiddenAt), replies: () => isNull(forumReplies.hiddenAt) };

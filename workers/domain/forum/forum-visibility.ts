import { isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { forumPosts, forumReplies } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";

/** A post or a reply (a table, or an alias's columns in raw SQL): what the rule reads of it. */
type ForumItem = { authorId: SQLWrapper; hiddenAt: SQLWrapper };

/**
 * Which forum posts and replies a viewer sees, in every list, search, thread, feed and count: the one rule.
 * - A post or reply a moderator hid is shown to its author only (marked hidden, with the reason), to nobody else.
 * - A post or reply whose author has a block with the viewer, either way, is left out (blocks.ts): the blocked
 *   member's posts are gone from the blocker's forum and the blocker's from theirs, and opening one by its link
 *   answers "Post not found".
 * A post or reply whose author deleted their account (no author) stays. A visitor (no viewer) sees what nobody hid.
 */
export function forumShownTo(viewerId: string | null, item: ForumItem): SQL {
  const notHidden = sql`${item.hiddenAt} IS NULL`;
  if (!viewerId) return notHidden;
  return sql`((${notHidden} OR ${item.authorId} = ${viewerId}) AND NOT ${isBlockedEitherWay(viewerId, item.authorId)})`;
}

/** The rule over the posts table (the forum's lists, a post, the dashboards' recent posts). */
export const postsVisibleTo = (viewerId: string | null): SQL => forumShownTo(viewerId, forumPosts);
/** The rule over the replies table (a post's replies). */
export const repliesVisibleTo = (viewerId: string | null): SQL => forumShownTo(viewerId, forumReplies);

/** What everyone sees: the stored reply counter counts only what nobody hid. */
export const shownToEveryone = { posts: () => isNull(forumPosts.hiddenAt), replies: () => isNull(forumReplies.hiddenAt) };

const countedReply = { authorId: sql`hr.author_id`, hiddenAt: sql`hr.hidden_at` };

/**
 * A post's reply count as the viewer sees it. The stored counter counts the replies nobody hid (recountReplies); a
 * viewer with no block at all (two probes of the blocks' indexes) reads it as it is, so the forum's lists cost what
 * they did; only a viewer with a block has the listed posts' unhidden replies checked against the rule. The shortcut
 * holds while the rule hides nothing else from a viewer without a block: a condition added to forumShownTo must
 * widen it.
 */
export function replyCountShownTo(viewerId: string | null): SQL<number> {
  if (!viewerId) return sql<number>`${forumPosts.replyCount}`;
  const shown = forumShownTo(viewerId, countedReply);
  return sql<number>`(CASE WHEN NOT EXISTS (SELECT 1 FROM user_blocks nb WHERE nb.blocker_id = ${viewerId})
      AND NOT EXISTS (SELECT 1 FROM user_blocks nb WHERE nb.blocked_id = ${viewerId})
    THEN ${forumPosts.replyCount}
    ELSE (SELECT count(*) FROM forum_replies hr WHERE hr.post_id = ${forumPosts.id} AND hr.hidden_at IS NULL AND ${shown}) END)`;
}

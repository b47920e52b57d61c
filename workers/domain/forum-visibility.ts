import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { forumPosts } from "../db/schema";
import { isBlockedEitherWay } from "./blocks";

/** A post or a reply (a table, or an alias's column in raw SQL): what the rule reads of it. */
type ForumItem = { authorId: SQLWrapper };

/**
 * Which forum posts and replies a viewer sees, in every list, search, thread, feed and count: the one rule. A post or
 * reply whose author has a block with the viewer, either way, is left out (blocks.ts): the blocked member's posts
 * are gone from the blocker's forum and the blocker's from theirs, and opening one by its link answers "Post not
 * found". A post or reply whose author deleted their account (no author) stays. A visitor (no viewer) sees all.
 * Probes of the blocks' primary key, both ways, per item.
 */
export function forumShownTo(viewerId: string | null, item: ForumItem): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not ${isBlockedEitherWay(viewerId, item.authorId)}`;
}

const hiddenReply = { authorId: sql`hr.author_id` };

/**
 * A post's reply count as the viewer sees it: the stored counter less the post's replies forumShownTo leaves out for
 * them. A viewer with no block at all (two probes of the blocks' indexes) reads the counter as it is, so the forum's
 * lists cost what they did; only a viewer with a block has the listed posts' replies checked. The shortcut holds while
 * the rule hides nothing from a viewer without a block: a condition added to forumShownTo must widen it.
 */
export function replyCountShownTo(viewerId: string | null): SQL<number> {
  const shown = forumShownTo(viewerId, hiddenReply);
  if (!viewerId || !shown) return sql<number>`${forumPosts.replyCount}`;
  return sql<number>`(CASE WHEN NOT EXISTS (SELECT 1 FROM user_blocks nb WHERE nb.blocker_id = ${viewerId})
      AND NOT EXISTS (SELECT 1 FROM user_blocks nb WHERE nb.blocked_id = ${viewerId})
    THEN ${forumPosts.replyCount}
    ELSE (SELECT count(*) FROM forum_replies hr WHERE hr.post_id = ${forumPosts.id} AND ${shown}) END)`;
}

import { Eye, Heart, MessageSquare } from "lucide-react";
import type { ForumPost } from "../../../workers/contract/forum";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { authorName } from "./author-name";
import { timeAgo } from "./time-ago";
import { countOf } from "../../../workers/contract/plural";

/** Author, time ago, views, likes and replies of a post (card and detail). */
export function PostMeta({ post }: { post: ForumPost }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
      <span className="inline-flex items-center gap-2">
        <MemberAvatar person={post.author} className="h-6 w-6 text-xs" />
        <span className="text-fg">{authorName(post.author)}</span>
      </span>
      <time dateTime={post.createdAt} suppressHydrationWarning>
        {timeAgo(post.createdAt)}
      </time>
      <span className="inline-flex items-center gap-1" aria-label={countOf(post.viewCount, "view")}>
        <Eye className="h-4 w-4" aria-hidden="true" /> {post.viewCount}
      </span>
      <span className="inline-flex items-center gap-1" aria-label={countOf(post.likeCount, "like")}>
        <Heart className="h-4 w-4" aria-hidden="true" /> {post.likeCount}
      </span>
      <span className="inline-flex items-center gap-1" aria-label={countOf(post.replyCount, "reply", "replies")}>
        <MessageSquare className="h-4 w-4" aria-hidden="true" /> {post.replyCount}
      </span>
    </div>
  );
}

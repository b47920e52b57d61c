import { Link } from "@remix-run/react";
import { Pencil, Pin } from "lucide-react";
import type { ForumPost, ForumReplyPage } from "../../../workers/contract/forum";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { loginHref } from "~/lib/login-href";
import { BackToForum } from "./back-to-forum";
import { CategoryBadge } from "./category-style";
import { ConfirmDelete } from "./confirm-delete";
import { forumHref } from "./forum-urls";
import { LikeButton } from "./like-button";
import { Paragraphs } from "./paragraphs";
import { PostFormDialog } from "./post-form-dialog";
import { PostMeta } from "./post-meta";
import { ReplySection } from "./reply-section";
import { useHydrated } from "./use-hydrated";
import { ItemMenu } from "~/components/moderation/item-menu";
import { ModerationNotice } from "~/components/moderation/moderation-notice";

/** An open post with its first replies. */
export type ForumThread = { post: ForumPost; replies: ForumReplyPage };
/** The forum page's `?post=`: its id and, for members, the thread (null when there is no such post). */
export type OpenPost = { id: string; thread: ForumThread | null };

type Props = {
  /** The open post as the loader found it (members only: visitors get no thread). */
  view: OpenPost;
  /** The card a visitor clicked: what they see of the post. */
  initial: ForumPost | null;
  userId: string | null;
};

/** One post: Back to Forum, paragraphs, like button, replies and reply box (spec §2). */
export function PostDetail({ view, initial, userId }: Props) {
  const hydrated = useHydrated();
  const post = view.thread?.post ?? initial;

  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <BackToForum />
        <Card className="mt-6 text-center">
          <p className="text-lg font-semibold">Post not found</p>
        </Card>
      </div>
    );
  }

  const isAuthor = userId !== null && post.author?.id === userId;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackToForum />
      <article className="mt-6" data-testid="forum-post-detail">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={post.category} />
          {post.isPinned ? (
            <Badge>
              <Pin className="h-3 w-3" aria-hidden="true" /> Pinned
            </Badge>
          ) : null}
        </div>
        <div className="mt-3 flex items-start justify-between gap-2">
          <h1 className="break-words text-3xl font-bold">{post.title}</h1>
          {/* Report: for members other than its author (issue 38). */}
          {userId && !isAuthor ? <ItemMenu target={{ kind: "forum_post", id: post.id }} label="More actions for this post" /> : null}
        </div>
        {post.hiddenReason ? <ModerationNotice kind="hidden" reason={post.hiddenReason} what="post" /> : null}
        {post.lockedReason ? <ModerationNotice kind="locked" reason={post.lockedReason} what="thread" /> : null}
        <div className="mt-3">
          <PostMeta post={post} />
        </div>
        <div className="mt-6">
          <Paragraphs text={post.content} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <LikeButton post={post} signedIn={userId !== null} />
          {!userId ? <span className="text-sm text-muted">Please sign in to like posts</span> : null}
          {/* Editing and deleting ask in dialogs, which need JavaScript. */}
          {isAuthor && hydrated ? (
            <>
              <PostFormDialog
                communityId={post.communityId}
                post={post}
                trigger={
                  <Button variant="ghost" size="sm">
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Button>
                }
              />
              <ConfirmDelete what="post" fields={{ intent: "delete-post", postId: post.id }} />
            </>
          ) : null}
        </div>
      </article>
      {userId && view.thread ? (
        <ReplySection postId={post.id} firstPage={view.thread.replies} userId={userId} locked={post.lockedReason !== null} />
      ) : (
        <Card className="mt-10 text-center">
          <p className="text-muted">Sign in to read the replies and join the discussion.</p>
          <Link to={loginHref(forumHref({ post: post.id }))} reloadDocument className={buttonClasses("primary", "md", "mt-4")}>
            Sign In
          </Link>
        </Card>
      )}
    </div>
  );
}

import { Link } from "@remix-run/react";
import { ArrowLeft, Heart, Pencil, Pin } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { ForumPost } from "../../../workers/contract/forum";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge, Card, Skeleton } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { cn } from "~/lib/cn";
import { CategoryBadge } from "./category-style";
import { ConfirmDelete } from "./confirm-delete";
import { ApiError, deletePost, fetchPost, serverMessage, setLiked } from "./forum-api";
import { Paragraphs } from "./paragraphs";
import { PostMeta } from "./post-meta";
import { PostFormDialog } from "./post-form-dialog";
import { ReplySection } from "./reply-section";

type Props = {
  postId: string;
  /** The card's data, shown at once (and to visitors, who cannot open details). */
  initial: ForumPost | null;
  userId: string | null;
  onBack: () => void;
};

/** One post: Back to Forum, paragraphs, like button, replies and reply box (spec §2). */
export function PostDetail({ postId, initial, userId, onBack }: Props) {
  const [post, setPost] = useState<ForumPost | null>(initial);
  const [status, setStatus] = useState<"loading" | "ready" | "missing" | "error">(userId ? "loading" : initial ? "ready" : "missing");
  const [liking, setLiking] = useState(false);

  const refresh = useCallback(() => {
    if (!userId) return () => {};
    const controller = new AbortController();
    fetchPost(postId, controller.signal)
      .then((p) => {
        setPost(p);
        setStatus("ready");
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        setStatus(error instanceof ApiError && error.status === 404 ? "missing" : "error");
      });
    return () => controller.abort();
  }, [postId, userId]);
  useEffect(() => refresh(), [refresh]);

  async function toggleLike() {
    if (!post || liking) return;
    setLiking(true);
    try {
      const state = await setLiked(post.id, !post.isLiked);
      setPost({ ...post, ...state });
    } catch {
      // Spec §8: like failures are thrown without a toast; the button keeps its state.
    } finally {
      setLiking(false);
    }
  }

  async function remove() {
    try {
      await deletePost(postId);
      toast({ title: "Post deleted" });
      onBack();
    } catch (error) {
      toast({ title: "Failed to delete post", description: serverMessage(error), variant: "destructive" });
    }
  }

  const back = (
    <Button variant="ghost" onClick={onBack}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Forum
    </Button>
  );

  if (status === "missing" || (status === "error" && !post)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        {back}
        <Card className="mt-6 text-center">
          <p className="text-lg font-semibold">{status === "missing" ? "Post not found" : "Failed to fetch post"}</p>
        </Card>
      </div>
    );
  }
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        {back}
        <Skeleton className="mt-6 h-64" />
      </div>
    );
  }

  const isAuthor = userId !== null && post.author?.id === userId;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {back}
      <article className="mt-6" data-testid="forum-post-detail">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={post.category} />
          {post.isPinned ? (
            <Badge>
              <Pin className="h-3 w-3" aria-hidden="true" /> Pinned
            </Badge>
          ) : null}
        </div>
        <h1 className="mt-3 break-words text-3xl font-bold">{post.title}</h1>
        <div className="mt-3">
          <PostMeta post={post} />
        </div>
        <div className="mt-6">
          <Paragraphs text={post.content} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button
            variant={post.isLiked ? "primary" : "outline"}
            aria-pressed={post.isLiked}
            disabled={!userId || liking}
            onClick={toggleLike}
            data-testid="like-button"
          >
            <Heart className={cn("h-4 w-4", post.isLiked && "fill-current")} aria-hidden="true" />
            {post.isLiked ? "Liked" : "Like"} ({post.likeCount})
          </Button>
          {!userId ? <span className="text-sm text-muted">Please sign in to like posts</span> : null}
          {isAuthor ? (
            <>
              <PostFormDialog
                communityId={post.communityId}
                post={post}
                onSaved={(saved) => setPost(saved)}
                trigger={
                  <Button variant="ghost" size="sm">
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Button>
                }
              />
              <ConfirmDelete what="post" onConfirm={remove} />
            </>
          ) : null}
        </div>
      </article>
      {userId ? (
        <ReplySection postId={post.id} userId={userId} onRepliesChanged={refresh} />
      ) : (
        <Card className="mt-10 text-center">
          <p className="text-muted">Sign in to read the replies and join the discussion.</p>
          <Link
            to={`/api/login?returnTo=${encodeURIComponent(`/community-forum?post=${post.id}`)}`}
            reloadDocument
            className={buttonClasses("primary", "md", "mt-4")}
          >
            Sign In
          </Link>
        </Card>
      )}
    </div>
  );
}

import { Plus } from "lucide-react";
import { useState } from "react";
import type { ForumPost } from "../../../workers/contract/forum";
import { Button } from "~/components/ui/button";
import { Card, Skeleton } from "~/components/ui/card";
import { CategoryFilter } from "./category-filter";
import { PostCard } from "./post-card";
import { PostFormDialog } from "./post-form-dialog";
import { useForumPosts } from "./use-forum-posts";

type Props = {
  communityId: string;
  communityName: string;
  signedIn: boolean;
  onOpen: (post: ForumPost) => void;
};

/** The realm's post list: title, category filter, New Post, cards and Load more (spec §2). */
export function ForumBoard({ communityId, communityName, signedIn, onOpen }: Props) {
  const [category, setCategory] = useState<string | null>(null);
  const { posts, nextCursor, status, loadingMore, reload, loadMore } = useForumPosts(communityId, category);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{communityName} Forum</h1>
        {signedIn ? (
          <PostFormDialog
            communityId={communityId}
            onSaved={() => reload()}
            trigger={
              <Button>
                <Plus className="h-4 w-4" aria-hidden="true" /> New Post
              </Button>
            }
          />
        ) : null}
      </div>
      <div className="mt-6">
        <CategoryFilter value={category} onChange={setCategory} />
      </div>
      <div className="mt-6 grid gap-4" aria-busy={status === "loading"} aria-live="polite">
        {status === "loading" && posts.length === 0 ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-36" />)
        ) : status === "error" && posts.length === 0 ? (
          <Card className="text-center">
            <p className="font-semibold">Failed to fetch posts</p>
            <Button variant="outline" className="mt-4" onClick={() => reload()}>
              Try again
            </Button>
          </Card>
        ) : posts.length === 0 ? (
          <Card className="text-center">
            <p className="text-lg font-semibold">No posts yet</p>
            <p className="mt-1 text-sm text-muted">
              {signedIn ? "Start the conversation with a new post." : "Sign in to start the conversation."}
            </p>
          </Card>
        ) : (
          posts.map((post) => <PostCard key={post.id} post={post} onOpen={onOpen} />)
        )}
      </div>
      {nextCursor ? (
        <div className="mt-6 text-center">
          <Button variant="outline" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

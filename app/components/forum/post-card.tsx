import { Form } from "@remix-run/react";
import { EyeOff, Lock, Pin } from "lucide-react";
import type { ForumPost } from "../../../workers/contract/forum";
import { Badge } from "~/components/ui/card";
import { CategoryBadge } from "./category-style";
import { FORUM_PATH } from "./forum-urls";
import { KeepListParams } from "./keep-list-params";
import { PostMeta } from "./post-meta";

/** A post in the list; the whole card is one button that opens the detail (`?post=`, a GET form: no JavaScript needed). */
export function PostCard({ post, onOpen }: { post: ForumPost; onOpen: (post: ForumPost) => void }) {
  return (
    <article
      data-testid="forum-post-card"
      className="rounded-xl border border-border bg-gradient-card shadow-sm transition hover:border-primary focus-within:border-primary"
    >
      <Form method="get" action={FORUM_PATH} onSubmit={() => onOpen(post)}>
        <input type="hidden" name="post" value={post.id} />
        <KeepListParams />
        <button type="submit" className="block w-full p-5 text-left focus-visible:outline-none">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={post.category} />
            {post.isPinned ? (
              <Badge tone="default">
                <Pin className="h-3 w-3" aria-hidden="true" /> Pinned
              </Badge>
            ) : null}
            {/* Only its author receives a hidden post (issue 38). */}
            {post.hiddenReason ? (
              <Badge tone="outline">
                <EyeOff className="h-3 w-3" aria-hidden="true" /> Hidden by a moderator
              </Badge>
            ) : null}
            {post.lockedReason ? (
              <Badge tone="outline">
                <Lock className="h-3 w-3" aria-hidden="true" /> Locked
              </Badge>
            ) : null}
          </div>
          <h2 className="mt-3 break-words text-lg font-semibold">{post.title}</h2>
          <p className="mt-1 line-clamp-2 whitespace-pre-line break-words text-sm text-muted">{post.content}</p>
          <div className="mt-4">
            <PostMeta post={post} />
          </div>
        </button>
      </Form>
    </article>
  );
}

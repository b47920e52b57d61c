import { useFetcher } from "@remix-run/react";
import { Heart } from "lucide-react";
import type { ForumPost } from "../../../workers/contract/forum";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * Spec §4: a like toggles. The button shows the new state at once (from the
 * pending submission) and falls back to the server's when a like fails, with no
 * toast (spec §8). One like at a time: it waits for the previous answer.
 */
export function LikeButton({ post, signedIn }: { post: ForumPost; signedIn: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const liked = pending === undefined || pending === null ? post.isLiked : pending === "like";
  const likeCount = post.likeCount + (liked === post.isLiked ? 0 : liked ? 1 : -1);
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
      <input type="hidden" name="postId" value={post.id} />
      <Button
        type="submit"
        variant={liked ? "primary" : "outline"}
        aria-pressed={liked}
        disabled={!signedIn || fetcher.state !== "idle"}
        data-testid="like-button"
      >
        <Heart className={cn("h-4 w-4", liked && "fill-current")} aria-hidden="true" />
        {liked ? "Liked" : "Like"} ({likeCount})
      </Button>
    </fetcher.Form>
  );
}

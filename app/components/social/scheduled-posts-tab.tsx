import { useFetcher } from "@remix-run/react";
import { Copy, Trash2 } from "lucide-react";
import { useState } from "react";
import type { SocialPlatform, SocialPost } from "../../../workers/contract/social";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";

const STATUS: Record<SocialPost["status"], { label: string; tone: "default" | "secondary" | "success" }> = {
  scheduled: { label: "Scheduled", tone: "default" },
  due: { label: "Due: reminder sent", tone: "success" },
  draft: { label: "Ready to post", tone: "secondary" },
};

/** Scheduled Posts tab: the member's stored posts with copy and delete. */
export function ScheduledPostsTab({ posts, platforms }: { posts: SocialPost[]; platforms: SocialPlatform[] }) {
  if (posts.length === 0) {
    return (
      <Card>
        <p className="text-muted">No posts yet. Create one in the Create Post tab.</p>
      </Card>
    );
  }
  const name = (id: string) => platforms.find((p) => p.id === id)?.name ?? id;
  return (
    <ul className="grid gap-3" aria-label="Scheduled posts">
      {posts.map((post) => (
        <ScheduledPost key={post.id} post={post} platformName={name} />
      ))}
    </ul>
  );
}

/** One post. Deleting hides it at once; it stays mounted until the list reloads, so a refusal can bring it back and say so. */
function ScheduledPost({ post, platformName }: { post: SocialPost; platformName: (id: string) => string }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const [confirming, setConfirming] = useState(false);
  const deleting = fetcher.formData?.get("intent") === "delete-post" || (fetcher.state === "idle" && fetcher.data?.ok === true);
  if (deleting) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(post.content);
      toast({ title: "Copied", description: "Paste it into your post." });
    } catch {
      toast({ title: "Could not copy", description: "Select the text and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <li>
      <Card data-testid="social-post">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS[post.status].tone}>{STATUS[post.status].label}</Badge>
          {post.platforms.map((p) => (
            <Badge key={p} tone="outline">
              {platformName(p)}
            </Badge>
          ))}
          {post.scheduledFor ? (
            <time dateTime={post.scheduledFor} className="text-sm text-muted">
              {new Date(post.scheduledFor).toLocaleString()}
            </time>
          ) : null}
        </div>
        <p className="mt-3 whitespace-pre-line break-words">{post.content}</p>
        <div className="mt-3 flex gap-2">
          <Button variant="outline" size="sm" onClick={copy}>
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy text
          </Button>
          {confirming ? null : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete post: ${post.content.slice(0, 40)}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </Button>
          )}
        </div>
        {confirming ? (
          // A deleted post cannot come back: ask first, with Keep focused so Enter does no harm.
          <div
            role="group"
            aria-label="Confirm deletion"
            className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-border p-3"
          >
            <p className="text-sm font-medium">Delete this post? This cannot be undone.</p>
            <Button
              variant="destructive"
              size="sm"
              onClick={() => fetcher.submit({ intent: "delete-post", id: post.id }, { method: "post" })}
            >
              Delete post
            </Button>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves to the choice the member just asked for */}
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)} autoFocus>
              Keep
            </Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}

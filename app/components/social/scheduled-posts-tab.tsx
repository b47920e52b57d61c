import { Copy, Trash2 } from "lucide-react";
import type { SocialPlatform, SocialPost } from "../../../workers/contract/social";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";

const STATUS: Record<SocialPost["status"], { label: string; tone: "default" | "secondary" | "success" }> = {
  scheduled: { label: "Scheduled", tone: "default" },
  due: { label: "Due: reminder sent", tone: "success" },
  draft: { label: "Ready to post", tone: "secondary" },
};

/** Scheduled Posts tab: the member's stored posts with copy and delete. */
export function ScheduledPostsTab({
  posts,
  platforms,
  onDelete,
}: {
  posts: SocialPost[];
  platforms: SocialPlatform[];
  onDelete: (post: SocialPost) => void;
}) {
  if (posts.length === 0) {
    return (
      <Card>
        <p className="text-muted">No posts yet. Create one in the Create Post tab.</p>
      </Card>
    );
  }
  const name = (id: string) => platforms.find((p) => p.id === id)?.name ?? id;
  const copy = async (post: SocialPost) => {
    try {
      await navigator.clipboard.writeText(post.content);
      toast({ title: "Copied", description: "Paste it into your post." });
    } catch {
      toast({ title: "Could not copy", description: "Select the text and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <ul className="grid gap-3" aria-label="Scheduled posts">
      {posts.map((post) => (
        <li key={post.id}>
          <Card data-testid="social-post">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={STATUS[post.status].tone}>{STATUS[post.status].label}</Badge>
              {post.platforms.map((p) => (
                <Badge key={p} tone="outline">
                  {name(p)}
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
              <Button variant="outline" size="sm" onClick={() => copy(post)}>
                <Copy className="h-4 w-4" aria-hidden="true" /> Copy text
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onDelete(post)} aria-label={`Delete post: ${post.content.slice(0, 40)}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

import { useState } from "react";
import type { SocialPlatform, SocialPost, SocialPostPage } from "../../../workers/contract/social";
import { apiRequest } from "~/components/profile/api-request";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/hooks/use-toast";
import { CreatePostTab } from "./create-post-tab";
import { PlatformsTab } from "./platforms-tab";
import { ScheduledPostsTab } from "./scheduled-posts-tab";

/** Social Hub (spec 000 §2): Connected Platforms, Create Post, Scheduled Posts. */
export function SocialHub({
  initialPlatforms,
  initialPosts,
  initialCursor,
}: {
  initialPlatforms: SocialPlatform[];
  initialPosts: SocialPost[];
  initialCursor: string | null;
}) {
  const [platforms, setPlatforms] = useState(initialPlatforms);
  const [posts, setPosts] = useState(initialPosts);
  const [cursor, setCursor] = useState(initialCursor);
  const [loadingMore, setLoadingMore] = useState(false);

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await apiRequest<SocialPostPage>("GET", `/api/social/posts?limit=50&cursor=${encodeURIComponent(cursor)}`);
      setPosts((list) => [...list, ...page.posts.filter((p) => !list.some((q) => q.id === p.id))]);
      setCursor(page.nextCursor);
    } catch {
      toast({ title: "Could not load more posts", variant: "destructive" });
    } finally {
      setLoadingMore(false);
    }
  };
  const [tab, setTab] = useState("platforms");

  const toggle = async (platform: SocialPlatform, connected: boolean) => {
    setPlatforms((list) => list.map((p) => (p.id === platform.id ? { ...p, connected } : p)));
    if (connected) toast({ title: "Platform Connection", description: `Connecting to ${platform.name}...` });
    else toast({ title: "Platform Disconnected", description: `Disconnected from ${platform.name}` });
    try {
      await apiRequest("PUT", `/api/social/platforms/${platform.id}`, { connected });
    } catch {
      setPlatforms((list) => list.map((p) => (p.id === platform.id ? { ...p, connected: !connected } : p)));
      toast({ title: "Could not update the platform", variant: "destructive" });
    }
  };

  const remove = async (post: SocialPost) => {
    setPosts((list) => list.filter((p) => p.id !== post.id));
    try {
      await apiRequest("DELETE", `/api/social/posts/${post.id}`);
    } catch {
      setPosts((list) => [post, ...list]);
      toast({ title: "Could not delete the post", variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Social Hub</h1>
      <p className="mt-2 text-muted">Plan your stream announcements for every platform in one place.</p>
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList aria-label="Social Hub sections">
          <TabsTrigger value="platforms">Connected Platforms</TabsTrigger>
          <TabsTrigger value="create">Create Post</TabsTrigger>
          <TabsTrigger value="scheduled">Scheduled Posts</TabsTrigger>
        </TabsList>
        <TabsContent value="platforms">
          <PlatformsTab platforms={platforms} onToggle={toggle} />
        </TabsContent>
        <TabsContent value="create">
          <CreatePostTab platforms={platforms} onCreated={(post) => setPosts((list) => [post, ...list])} />
        </TabsContent>
        <TabsContent value="scheduled">
          <ScheduledPostsTab posts={posts} platforms={platforms} onDelete={remove} />
          {cursor ? (
            <Button variant="outline" className="mt-4 w-full" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? "Loading..." : "Load more"}
            </Button>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

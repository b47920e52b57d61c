import { useFetchers } from "@remix-run/react";
import { useState } from "react";
import type { SocialPlatform, SocialPostPage } from "../../../workers/contract/social";
import { useMorePages } from "~/components/forum/use-more-pages";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/hooks/use-toast";
import { api, unwrap } from "~/lib/api-client";
import { CreatePostTab } from "./create-post-tab";
import { PlatformsTab } from "./platforms-tab";
import { ScheduledPostsTab } from "./scheduled-posts-tab";
import { SOCIAL_TOASTS } from "./social-toasts";

const PAGE_SIZE = "50";

/**
 * Social Hub (spec 000 §2): Connected Platforms, Create Post, Scheduled Posts.
 * Data comes from the route's loader (reloaded after every write); a switch
 * being saved already counts as switched everywhere on the page.
 */
export function SocialHub({ platforms: saved, firstPage }: { platforms: SocialPlatform[]; firstPage: SocialPostPage }) {
  const [tab, setTab] = useState("platforms");
  const switching = new Map(
    useFetchers().flatMap((f) =>
      f.formData?.get("intent") === "platform" ? [[f.formData.get("platform"), f.formData.get("connected")]] : [],
    ),
  );
  const platforms = saved.map((p) => (switching.has(p.id) ? { ...p, connected: switching.get(p.id) === "true" } : p));
  const posts = useMorePages("social", { items: firstPage.posts, nextCursor: firstPage.nextCursor }, async (cursor) => {
    const page = await unwrap(api.social.posts.$get({ query: { limit: PAGE_SIZE, cursor } }));
    return { items: page.posts, nextCursor: page.nextCursor };
  });

  async function loadMore() {
    if (!(await posts.loadMore())) toast(SOCIAL_TOASTS.loadMoreFailed);
  }

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
          <PlatformsTab platforms={platforms} />
        </TabsContent>
        <TabsContent value="create">
          <CreatePostTab platforms={platforms} />
        </TabsContent>
        <TabsContent value="scheduled">
          <ScheduledPostsTab posts={posts.items} platforms={platforms} />
          {posts.nextCursor ? (
            <Button variant="outline" className="mt-4 w-full" onClick={loadMore} disabled={posts.loading}>
              {posts.loading ? "Loading..." : "Load more"}
            </Button>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { Plus } from "lucide-react";
import type { ForumPost, ForumPostPage } from "../../../workers/contract/forum";
import type { CommunitySummary } from "../../../workers/domain/communities";
import { CommunityDot } from "~/components/community/community-dot";
import { CommunityHero } from "~/components/community/community-hero";
import type { CommunityMembership } from "../../../workers/domain/community-membership";
import { CommunityMembershipButton } from "~/components/community/community-membership-button";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { api, unwrap } from "~/lib/api-client";
import { CategoryFilter } from "./category-filter";
import { forumHref, listParamsOf } from "./forum-urls";
import { ForumSearch } from "./forum-search";
import { PostCard } from "./post-card";
import { PostFormDialog } from "./post-form-dialog";
import { useHydrated } from "./use-hydrated";
import { useMorePages } from "./use-more-pages";

type Props = {
  community: CommunitySummary;
  category: ForumPost["category"] | null;
  /** The search the list shows (`?q=`), or null. */
  q: string | null;
  /** The first page, server-rendered. */
  page: ForumPostPage;
  signedIn: boolean;
  /** The member's membership of this realm (null for visitors). */
  membership: CommunityMembership | null;
  onOpen: (post: ForumPost) => void;
};

/** The realm's post list: title, category filter, search, New Post, cards and Load more (spec §2). */
export function ForumBoard({ community, category, q, page, signedIn, membership, onOpen }: Props) {
  const hydrated = useHydrated();
  const list = useMorePages(
    `${community.id}/${category ?? ""}/${q ?? ""}`,
    { items: page.posts, nextCursor: page.nextCursor },
    async (cursor) => {
      const query = { communityId: community.id, category: category ?? undefined, q: q ?? undefined, cursor };
      const next = await unwrap(api.forum.posts.$get({ query }));
      return { items: next.posts, nextCursor: next.nextCursor };
    },
  );

  return (
    <div>
      <CommunityHero communityId={community.id}>
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-4 py-8 sm:py-10">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-primary">
              <CommunityDot communityId={community.id} /> {community.description}
            </p>
            <h1 className="realm-heading mt-1 text-3xl">{community.displayName} Forum</h1>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {membership ? (
              <CommunityMembershipButton
                communityId={community.id}
                communityName={community.displayName}
                isMember={membership.isMember}
                memberCount={membership.memberCount}
              />
            ) : null}
            {signedIn ? <NewPost communityId={community.id} /> : null}
          </div>
        </div>
      </CommunityHero>
      <div className="mx-auto max-w-5xl px-4 pb-10">
        <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
          <CategoryFilter value={category} />
          <ForumSearch q={q} />
        </div>
        <div className="mt-6 grid gap-4" aria-live="polite">
          {list.items.length === 0 && q ? (
            <Card className="text-center">
              <p className="break-words text-lg font-semibold">No posts match &ldquo;{q}&rdquo;</p>
              <p className="mt-1 text-sm text-muted">Try other words, or clear the search to see every post.</p>
            </Card>
          ) : list.items.length === 0 ? (
            <Card className="text-center">
              <p className="text-lg font-semibold">No posts yet</p>
              <p className="mt-1 text-sm text-muted">
                {signedIn ? "Start the conversation with a new post." : "Sign in to start the conversation."}
              </p>
            </Card>
          ) : (
            list.items.map((post) => <PostCard key={post.id} post={post} onOpen={onOpen} />)
          )}
        </div>
        {/* Further pages are read by the browser: without JavaScript the first page is what there is. */}
        {hydrated && list.nextCursor ? (
          <div className="mt-6 text-center">
            <Button variant="outline" onClick={() => void list.loadMore()} disabled={list.loading}>
              {list.loading ? "Loading..." : "Load more"}
            </Button>
            {list.failed ? <p className="mt-2 text-sm text-muted">Failed to fetch posts</p> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * New Post: the dialog once JavaScript runs; before that (or without it) a link
 * to the same form as a page of its own. A new page (the redirect after
 * posting) starts a closed, empty dialog.
 */
function NewPost({ communityId }: { communityId: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [search] = useSearchParams();
  const label = (
    <>
      <Plus className="h-4 w-4" aria-hidden="true" /> New Post
    </>
  );
  if (!hydrated) {
    return (
      <Link to={forumHref({ ...listParamsOf(search), compose: true })} className={buttonClasses("primary", "md")}>
        {label}
      </Link>
    );
  }
  return <PostFormDialog key={location.key} communityId={communityId} trigger={<Button>{label}</Button>} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { ForumPost } from "../../../workers/contract/forum";
import { ComposePost } from "~/components/forum/compose-post";
import { forumAction } from "./forum-actions.server";
import { requireMember } from "~/lib/auth.server";
import { ForumBoard } from "~/components/forum/forum-board";
import { loadForumPage } from "./forum-page.server";
import { PostDetail } from "~/components/forum/post-detail";
import { useForumCommunity } from "~/components/forum/use-forum-community";
import { forumHref } from "~/components/forum/forum-urls";
import { isCommunityMembershipPost, communityMembershipAction } from "../_index/community-membership-action.server";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { documentTitle } from "../../../workers/contract/brand";
import { useRootData } from "~/lib/root-data";

export const meta: MetaFunction = () => [{ title: documentTitle("Community Forum") }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadForumPage(request, context);

/** New posts, replies, edits, deletions and likes (one `intent` each), and joining or leaving the realm. */
export const action = async (args: ActionFunctionArgs) => {
  // Every form here is a member's: a visitor goes to sign-in before the body is read (or copied).
  requireMember(args.request, args.context);
  return (await isCommunityMembershipPost(args.request)) ? communityMembershipAction(args.request, args.context) : forumAction(args);
};

/**
 * Spec 001 §2 Community forum. The open post lives in `?post=` so Back, reloads
 * and notification links work; the list, the post and its replies are
 * server-rendered, and the forms post to the action, so posting and replying
 * work without JavaScript too.
 */
export default function CommunityForumPage() {
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const userId = root?.user?.id ?? null;
  // A visitor cannot open a post's details (spec 001 §6); the card they clicked is what they see.
  const [opened, setOpened] = useState<ForumPost | null>(null);
  const community = root?.communities.find((c) => c.id === data.communityId) ?? null;
  useForumCommunity(data.communityId, data.post === null);

  if (data.post) {
    const initial = opened?.id === data.post.id ? opened : null;
    return <PostDetail key={data.post.id} view={data.post} initial={initial} userId={userId} />;
  }
  if (!community) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Community Forum</h1>
        <p className="mt-3 text-muted">Please select a community from the navigation to view its forum.</p>
        {/* The header's realm selector needs JavaScript; without it, pick the realm here (as the calendar does). */}
        <noscript>
          <nav aria-label="Realms" className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-2">
            {(root?.communities ?? []).map((c) => (
              <a key={c.id} href={forumHref({ community: c.id })} className="underline">
                {c.displayName}
              </a>
            ))}
          </nav>
        </noscript>
        <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
          Back to Home
        </Link>
      </section>
    );
  }
  if (data.compose) return <ComposePost community={community} />;
  return (
    <ForumBoard
      community={community}
      category={data.category}
      q={data.q}
      page={data.list ?? { posts: [], nextCursor: null }}
      signedIn={userId !== null}
      membership={data.membership}
      onOpen={setOpened}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

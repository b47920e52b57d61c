import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import type { ForumPost } from "../../workers/contract/forum";
import { ForumBoard } from "~/components/forum/forum-board";
import { PostDetail } from "~/components/forum/post-detail";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { useCommunity } from "~/hooks/use-community";
import { documentTitle } from "~/lib/brand";
import { useRootData } from "~/root";

export const meta: MetaFunction = () => [{ title: documentTitle("Community Forum") }];

/**
 * Spec §2 Community forum. The realm is client state, so the lists load in the
 * browser; the open post lives in `?post=` so Back, reloads and notification
 * links work.
 */
export default function CommunityForumPage() {
  const { selectedCommunity } = useCommunity();
  const userId = useRootData()?.user?.id ?? null;
  const [searchParams, setSearchParams] = useSearchParams();
  const [opened, setOpened] = useState<ForumPost | null>(null);
  const postId = searchParams.get("post");

  const open = (post: ForumPost) => {
    setOpened(post);
    setSearchParams({ post: post.id }, { preventScrollReset: false });
  };
  const back = () => {
    setOpened(null);
    setSearchParams({}, { preventScrollReset: false });
  };

  if (postId) {
    return <PostDetail key={postId} postId={postId} initial={opened?.id === postId ? opened : null} userId={userId} onBack={back} />;
  }
  if (!selectedCommunity) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Community Forum</h1>
        <p className="mt-3 text-muted">Please select a community from the navigation to view its forum.</p>
        <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
          Back to Home
        </Link>
      </section>
    );
  }
  return (
    <ForumBoard
      key={selectedCommunity.id}
      communityId={selectedCommunity.id}
      communityName={selectedCommunity.displayName}
      signedIn={userId !== null}
      onOpen={open}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import { forumCategory, forumIdParam, forumPostsQuery } from "../../../workers/contract/forum";
import { DomainError } from "../../../workers/domain/errors";
import { listForumPosts, openForumThread } from "../../../workers/domain/forum/forum";
import { membershipStateQuery, toMembership } from "../../../workers/domain/community-membership";
import { listCommunitiesCached } from "../../../workers/domain/shell";
import { rethrowForLoader } from "~/lib/forms.server";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import type { ForumThread, OpenPost } from "~/components/forum/post-detail";

/**
 * The forum page's data, server-rendered so the page works before (or without)
 * JavaScript: the open post with its first replies (members only, spec 001 §6),
 * or the realm's first page of posts. The realm is `?realm=` or else the
 * selection cookie; "Load more" pages are read by the browser afterwards.
 */
export async function loadForumPage(request: Request, context: Pick<AppLoadContext, "db" | "user">) {
  const search = new URL(request.url).searchParams;
  const communities = await listCommunitiesCached(context.db);
  const wanted = search.get("realm") ?? (await readSelectedCommunity(request));
  const communityId = communities.find((c) => c.id === wanted)?.id ?? null;
  const category = forumCategory.safeParse(search.get("category")).data ?? null;
  // The API's rule for a search (trimmed, at most 100 characters); a longer one searches its first 100.
  const q = forumPostsQuery.shape.q.safeParse(search.get("q")?.slice(0, 100) ?? undefined).data || null;
  // The new-post form is for members; a visitor who follows such a link sees the list.
  const base = { communityId, category, q, compose: search.has("compose") && context.user !== null };

  const postId = search.get("post");
  if (postId !== null) {
    const id = forumIdParam.shape.id.safeParse(postId);
    const thread = context.user && id.success ? await threadOrMissing(context.db, id.data, context.user.id) : null;
    const post: OpenPost = { id: postId, thread };
    return { ...base, list: null, membership: null, post };
  }
  const [list, membership] = await Promise.all([
    communityId && !base.compose
      ? listForumPosts(context.db, { communityId, category: category ?? undefined, q: q ?? undefined }, context.user?.id ?? null)
      : null,
    communityId && context.user && !base.compose
      ? membershipStateQuery(context.db, context.user.id, communityId).get().then(toMembership)
      : null,
  ]);
  return { ...base, list, membership, post: null };
}

async function threadOrMissing(db: AppLoadContext["db"], postId: string, viewerId: string): Promise<ForumThread | null> {
  try {
    return await openForumThread(db, postId, viewerId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    return rethrowForLoader(error);
  }
}

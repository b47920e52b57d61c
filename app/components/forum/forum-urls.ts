/**
 * Where the forum keeps its state: the URL. `post` opens a post, `realm` names
 * the realm (else the selection cookie decides), `category` filters the list, `q`
 * searches it, and `compose` shows the new-post form as a page of its own (the no-JavaScript path
 * to the New Post dialog).
 */
export const FORUM_PATH = "/community-forum";

export type ForumLocation = {
  post?: string | null;
  community?: string | null;
  category?: string | null;
  q?: string | null;
  compose?: boolean;
};

export function forumHref(location: ForumLocation): string {
  const params = new URLSearchParams();
  if (location.post) params.set("post", location.post);
  if (location.community) params.set("realm", location.community);
  if (location.category) params.set("category", location.category);
  if (location.q) params.set("q", location.q);
  if (location.compose) params.set("compose", "1");
  const query = params.toString();
  return query ? `${FORUM_PATH}?${query}` : FORUM_PATH;
}

/** The list's own parameters in a forum URL: what links and redirects back to the list keep. */
export function listParamsOf(search: URLSearchParams): { community: string | null; category: string | null; q: string | null } {
  return { community: search.get("realm"), category: search.get("category"), q: search.get("q") };
}

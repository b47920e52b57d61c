/**
 * The five forum categories (spec 001 §3), zod-free so the browser bundle can
 * import them without pulling in the request schemas.
 */
export const FORUM_CATEGORIES = [
  { id: "strategy", name: "Strategy & Tactics" },
  { id: "deck-tech", name: "Deck Tech" },
  { id: "stream-tips", name: "Streaming Tips" },
  { id: "collaboration", name: "Collaboration" },
  { id: "general", name: "General Discussion" },
] as const;

export type ForumCategoryId = (typeof FORUM_CATEGORIES)[number]["id"];

export const FORUM_CATEGORY_IDS = FORUM_CATEGORIES.map((c) => c.id) as [ForumCategoryId, ...ForumCategoryId[]];

export function forumCategoryName(id: string): string {
  return FORUM_CATEGORIES.find((c) => c.id === id)?.name ?? id;
}

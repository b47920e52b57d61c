import { useState } from "react";

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * "Load more" over a server-rendered first page: the browser reads the next
 * pages itself (app/lib/api-client.ts) and appends them. A different first page
 * (after a write, in another realm or filter) starts over from itself, while the
 * same one loaded again (any revalidation) keeps what was appended; an answer
 * that arrives for an older first page is dropped.
 */
export function useMorePages<T extends { id: string }>(scope: string, firstPage: Page<T>, fetchPage: (cursor: string) => Promise<Page<T>>) {
  const first = `${scope}|${firstPage.nextCursor}|${firstPage.items.map((item) => item.id).join(",")}`;
  const [more, setMore] = useState<({ after: string } & Page<T>) | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const current = more?.after === first ? more : null;
  const items = current ? [...firstPage.items, ...current.items] : firstPage.items;
  const nextCursor = current ? current.nextCursor : firstPage.nextCursor;

  /** Appends the next page; false when it could not be read. */
  async function loadMore(): Promise<boolean> {
    if (!nextCursor || loading) return true;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(nextCursor);
      setMore((previous) => ({
        after: first,
        items: [...(previous?.after === first ? previous.items : []), ...page.items],
        nextCursor: page.nextCursor,
      }));
      return true;
    } catch {
      setFailed(true);
      return false;
    } finally {
      setLoading(false);
    }
  }

  return { items, nextCursor, loading, failed, loadMore };
}

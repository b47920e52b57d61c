import type { NotificationListQuery } from "../../../workers/contract/notifications";

/**
 * The bell's reads, through the typed /api client. The bell is in the header of
 * every page, so the client is fetched when the bell first needs it (the first
 * poll, or opening the list) instead of adding to every page's first load.
 */
const client = () => import("~/lib/api-client");

type PageQuery = { limit: NotificationListQuery["limit"]; cursor?: string };

export async function fetchNotifications(query: PageQuery) {
  const { api, unwrap } = await client();
  return unwrap(api.notifications.$get({ query: { limit: String(query.limit), ...(query.cursor ? { cursor: query.cursor } : {}) } }));
}

/** The unread count; null once the session has ended (a 401 also starts the logged-out flow). */
export async function fetchUnreadCount(): Promise<number | null> {
  const { api, unwrap, ApiError } = await client();
  try {
    return (await unwrap(api.notifications["unread-count"].$get())).unreadCount;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

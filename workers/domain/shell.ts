import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import { listCommunities, type CommunitySummary } from "./communities";

export type ThemeMode = "light" | "dark" | "system";

/** What the header needs about the signed-in member, in one D1 round trip. */
export async function getMemberShellData(db: Db, userId: string): Promise<{ unreadCount: number; themeMode: ThemeMode }> {
  const row = await db.get<{ unread: number; theme: string | null }>(sql`
    SELECT
      (SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read = 0) AS unread,
      (SELECT theme FROM user_settings WHERE user_id = ${userId}) AS theme`);
  const theme = row?.theme;
  return {
    unreadCount: Number(row?.unread ?? 0),
    themeMode: theme === "light" || theme === "dark" ? theme : "system",
  };
}

// Realms change only through migrations, so each isolate keeps the list for a minute.
let cachedCommunities: { at: number; list: CommunitySummary[] } | null = null;
const COMMUNITY_CACHE_MS = 60_000;

export async function listCommunitiesCached(db: Db): Promise<CommunitySummary[]> {
  if (cachedCommunities && Date.now() - cachedCommunities.at < COMMUNITY_CACHE_MS) return cachedCommunities.list;
  const list = await listCommunities(db);
  cachedCommunities = { at: Date.now(), list };
  return list;
}

/** The member as the browser sees them (no internal columns). */
export function publicMember(user: User) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    primaryCommunity: user.primaryCommunity ?? "",
  };
}
export type ShellMember = ReturnType<typeof publicMember>;

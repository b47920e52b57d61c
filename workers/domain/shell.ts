import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";
import { listCommunities, type CommunitySummary } from "./communities";
import { roleColumns, toModeratorFacts } from "./moderation/facts";
import { can } from "./moderation/roles";

export type ThemeMode = "light" | "dark" | "system";

export type MemberShellData = {
  unreadCount: number;
  themeMode: ThemeMode;
  /** Whether the account menu links to the moderation area (a realm's moderator or an administrator, issue 38). */
  canModerate: boolean;
};

/**
 * The signed-in member plus what the header needs (unread count, saved light/dark mode, the moderation link), in
 * ONE D1 round trip: the session middleware runs it for every request, so pages stay within their query budget. A
 * suspended member (issue 38) resolves to nobody, like a deleted one: every session and token of theirs ends at once.
 */
export async function loadMemberWithShell(db: Db, userId: string): Promise<{ user: User; shell: MemberShellData } | null> {
  const row = await db
    .select({
      user: users,
      unread: sql<number>`(SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read = 0)`,
      theme: sql<string | null>`(SELECT theme FROM user_settings WHERE user_id = ${userId})`,
      ...roleColumns(userId),
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  const facts = toModeratorFacts(userId, row);
  if (facts.suspended) return null;
  const theme = row.theme;
  return {
    user: row.user,
    shell: {
      unreadCount: Number(row.unread ?? 0),
      themeMode: theme === "light" || theme === "dark" ? theme : "system",
      canModerate: can(facts, "open_moderation"),
    },
  };
}

// Realms change only through migrations, so each isolate keeps the list for ten minutes.
let cachedCommunities: { at: number; list: CommunitySummary[] } | null = null;
const COMMUNITY_CACHE_MS = 10 * 60_000;

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

import { and, count, desc, eq, gte, asc, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { communities, events, forumPosts, gameSessions, userCommunities, users } from "../db/schema";
import { countOf } from "../../app/lib/plural";
import { latestNotifications } from "./notifications";
import { memberStatsColumns } from "./profile";

const iso = (ms: number) => new Date(ms).toISOString();

/** The member's counted figures for dashboard and profile cards, one query. */
async function memberFigures(db: Db, userId: string) {
  const row = await db
    .select({
      ...memberStatsColumns(userId),
      realmsJoined: sql<number>`(SELECT count(*) FROM user_communities WHERE user_id = ${userId})`,
      unreadCount: sql<number>`(SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read = 0)`,
      scheduledPosts: sql<number>`(SELECT count(*) FROM social_posts WHERE user_id = ${userId} AND status = 'scheduled')`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return {
    friendCount: Number(row?.friendCount ?? 0),
    eventsJoined: Number(row?.eventsJoined ?? 0),
    eventsHosted: Number(row?.eventsHosted ?? 0),
    realmsJoined: Number(row?.realmsJoined ?? 0),
    unreadCount: Number(row?.unreadCount ?? 0),
    scheduledPosts: Number(row?.scheduledPosts ?? 0),
  };
}
export type MemberFigures = Awaited<ReturnType<typeof memberFigures>>;

function upcomingEventsQuery(db: Db, now: number, communityId: string | null, limit: number) {
  return db
    .select({
      id: events.id,
      title: events.title,
      type: events.type,
      date: events.date,
      time: events.time,
      timeZone: events.timeZone,
      startsAt: events.startsAt,
      location: events.location,
      communityId: events.communityId,
      communityName: communities.displayName,
    })
    .from(events)
    .leftJoin(communities, eq(communities.id, events.communityId))
    .where(communityId ? and(eq(events.communityId, communityId), gte(events.startsAt, now)) : gte(events.startsAt, now))
    .orderBy(asc(events.startsAt))
    .limit(limit);
}

function openRoomsQuery(db: Db, communityId: string | null, limit: number) {
  return db
    .select({
      id: gameSessions.id,
      name: gameSessions.name,
      format: gameSessions.format,
      currentPlayers: gameSessions.currentPlayers,
      maxPlayers: gameSessions.maxPlayers,
      createdAt: gameSessions.createdAt,
      communityName: communities.displayName,
    })
    .from(gameSessions)
    .leftJoin(communities, eq(communities.id, gameSessions.communityId))
    .where(
      communityId ? and(eq(gameSessions.communityId, communityId), eq(gameSessions.status, "waiting")) : eq(gameSessions.status, "waiting"),
    )
    .orderBy(desc(gameSessions.createdAt))
    .limit(limit);
}

export type ActivityItem = {
  kind: "event" | "room" | "post";
  id: string;
  title: string;
  detail: string;
  at: string;
  href: string;
  /** Events: the event's own zone, so the page can show `at` in the viewer's zone. */
  timeZone?: string;
};

/**
 * All Realms home (spec 000 §2): upcoming events, open rooms and recent forum
 * posts across every realm, merged into one activity feed, plus the member's figures.
 */
export async function getHomeDashboard(db: Db, userId: string, now = Date.now()) {
  const [upcoming, rooms, posts, openRooms] = await db.batch([
    upcomingEventsQuery(db, now, null, 4),
    openRoomsQuery(db, null, 4),
    db
      .select({
        id: forumPosts.id,
        title: forumPosts.title,
        createdAt: forumPosts.createdAt,
        replyCount: forumPosts.replyCount,
        communityName: communities.displayName,
      })
      .from(forumPosts)
      .leftJoin(communities, eq(communities.id, forumPosts.communityId))
      .orderBy(desc(forumPosts.createdAt))
      .limit(4),
    db.select({ n: count() }).from(gameSessions).where(eq(gameSessions.status, "waiting")),
  ]);
  const activity: ActivityItem[] = [
    ...upcoming.map((e) => ({
      kind: "event" as const,
      id: e.id,
      title: e.title,
      detail: e.communityName ?? "All realms",
      at: iso(e.startsAt),
      timeZone: e.timeZone,
      href: `/calendar?event=${e.id}`,
    })),
    ...rooms.map((r) => ({
      kind: "room" as const,
      id: r.id,
      title: r.name,
      detail: `${r.communityName ?? "All realms"} · ${r.format} · ${r.currentPlayers}/${r.maxPlayers} players`,
      at: iso(r.createdAt),
      href: `/tablesync/room/${r.id}`,
    })),
    ...posts.map((p) => ({
      kind: "post" as const,
      id: p.id,
      title: p.title,
      detail: `${p.communityName ?? "Forum"} · ${countOf(p.replyCount, "reply", "replies")}`,
      at: iso(p.createdAt),
      href: "/community-forum",
    })),
  ];
  return {
    activity,
    openRoomCount: openRooms[0]?.n ?? 0,
    upcomingEventCount: upcoming.length,
    figures: await memberFigures(db, userId),
  };
}
export type HomeDashboardData = Awaited<ReturnType<typeof getHomeDashboard>>;

/** One realm's dashboard: its upcoming events and open rooms, the member's notifications and figures. */
export async function getCommunityDashboard(db: Db, userId: string, communityId: string, now = Date.now()) {
  const [upcoming, eventCount, roomCount, members] = await db.batch([
    upcomingEventsQuery(db, now, communityId, 5),
    db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.communityId, communityId), gte(events.startsAt, now))),
    db
      .select({ n: count() })
      .from(gameSessions)
      .where(and(eq(gameSessions.communityId, communityId), eq(gameSessions.status, "waiting"))),
    db.select({ n: count() }).from(userCommunities).where(eq(userCommunities.communityId, communityId)),
  ]);
  const [notifications, figures] = await Promise.all([latestNotifications(db, userId, 4), memberFigures(db, userId)]);
  return {
    communityId,
    upcomingEvents: upcoming.map((e) => ({ ...e, startsAt: iso(e.startsAt) })),
    upcomingEventCount: eventCount[0]?.n ?? 0,
    openRoomCount: roomCount[0]?.n ?? 0,
    memberCount: members[0]?.n ?? 0,
    notifications,
    figures,
  };
}
export type CommunityDashboardData = Awaited<ReturnType<typeof getCommunityDashboard>>;

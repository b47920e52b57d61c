import { and, count, desc, eq, gte, asc, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { communities, events, forumPosts, gameSessions, users } from "../db/schema";
import { countOf } from "../contract/plural";
import { roomPath } from "../contract/game-session-options";
import { latestNotificationsQuery, toNotificationItem } from "./notifications";
import { membershipStateQuery, toMembership } from "./community-membership";
import { memberStatsColumns } from "./members/profile";
import { roomsListedTo } from "./rooms/room-visibility";
import { eventsListedTo } from "./events/event-visibility";
import { postsVisibleTo, replyCountShownTo } from "./forum/forum-visibility";
import { realmWeekQueries, toRealmWeek } from "./results/game-stats";
import { isoInstant } from "./instants";

/**
 * Matches the member finished in tournaments, from their side of the table (a bye is a 2-0 win, as pairing records
 * it), and the pods they played (a pod's seat has its outcome once the pod has its result).
 */
const matchesWhere = (userId: string, outcome: "won" | "lost" | "drawn") => {
  const mine = { won: ">", lost: "<", drawn: "=" }[outcome];
  const seat = { won: "win", lost: "loss", drawn: "draw" }[outcome];
  return sql<number>`((SELECT count(*) FROM tournament_matches m WHERE m.status = 'completed' AND (
    (m.player1_id = ${userId} AND m.player1_wins ${sql.raw(mine)} m.player2_wins) OR
    (m.player2_id = ${userId} AND m.player2_wins ${sql.raw(mine)} m.player1_wins)))
    + (SELECT count(*) FROM tournament_pod_seats s WHERE s.user_id = ${userId} AND s.outcome = ${seat}))`;
};

/**
 * The member's counted figures for dashboard and profile cards, as one
 * statement (for the dashboard's batch). Every figure is read from data; each
 * subquery walks an index on the member's id.
 */
function memberFiguresQuery(db: Db, userId: string, communityId: string | null) {
  return db
    .select({
      ...memberStatsColumns(userId),
      communitiesJoined: sql<number>`(SELECT count(*) FROM user_communities WHERE user_id = ${userId})`,
      unreadCount: sql<number>`(SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read = 0)`,
      scheduledPosts: sql<number>`(SELECT count(*) FROM social_posts WHERE user_id = ${userId} AND status = 'scheduled')`,
      roomsPlayed: sql<number>`(SELECT count(*) FROM game_session_members WHERE user_id = ${userId} AND role = 'player')`,
      communityRoomsPlayed: sql<number>`(SELECT count(*) FROM game_session_members gm JOIN game_sessions gs ON gs.id = gm.session_id
        WHERE gm.user_id = ${userId} AND gm.role = 'player' AND gs.community_id = ${communityId ?? ""})`,
      tournamentsPlayed: sql<number>`(SELECT count(*) FROM tournament_participants WHERE user_id = ${userId})`,
      matchesWon: matchesWhere(userId, "won"),
      matchesLost: matchesWhere(userId, "lost"),
      matchesDrawn: matchesWhere(userId, "drawn"),
      forumPosts: sql<number>`(SELECT count(*) FROM forum_posts WHERE author_id = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
}

function toFigures(row: Record<string, unknown> | undefined) {
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    friendCount: n("friendCount"),
    eventsJoined: n("eventsJoined"),
    eventsHosted: n("eventsHosted"),
    communitiesJoined: n("communitiesJoined"),
    unreadCount: n("unreadCount"),
    scheduledPosts: n("scheduledPosts"),
    roomsPlayed: n("roomsPlayed"),
    /** Rooms played in the dashboard's realm (0 on All Realms). */
    communityRoomsPlayed: n("communityRoomsPlayed"),
    tournamentsPlayed: n("tournamentsPlayed"),
    matchRecord: { wins: n("matchesWon"), losses: n("matchesLost"), draws: n("matchesDrawn") },
    forumPosts: n("forumPosts"),
  };
}
type MemberFiguresOf = ReturnType<typeof toFigures>;
export type MemberFigures = MemberFiguresOf;

/** The upcoming events the viewer sees listed (event-visibility.ts), in one realm or all. */
function upcomingEventsListedTo(viewerId: string, communityId: string | null, now: number) {
  return and(gte(events.startsAt, now), communityId ? eq(events.communityId, communityId) : undefined, eventsListedTo(viewerId));
}

function upcomingEventsQuery(db: Db, viewerId: string, now: number, communityId: string | null, limit: number) {
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
    .where(upcomingEventsListedTo(viewerId, communityId, now))
    .orderBy(asc(events.startsAt))
    .limit(limit);
}

/** Waiting rooms the viewer may see (room-visibility.ts), in one realm or all. */
function waitingRoomsListedTo(viewerId: string, communityId: string | null) {
  const open = and(eq(gameSessions.status, "waiting"), roomsListedTo(viewerId));
  return communityId ? and(eq(gameSessions.communityId, communityId), open) : open;
}

function openRoomsQuery(db: Db, viewerId: string, communityId: string | null, limit: number) {
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
    .where(waitingRoomsListedTo(viewerId, communityId))
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
  const [upcoming, rooms, posts, openRooms, figures] = await db.batch([
    upcomingEventsQuery(db, userId, now, null, 4),
    openRoomsQuery(db, userId, null, 4),
    db
      .select({
        id: forumPosts.id,
        title: forumPosts.title,
        createdAt: forumPosts.createdAt,
        replyCount: replyCountShownTo(userId).as("reply_count"),
        communityName: communities.displayName,
      })
      .from(forumPosts)
      .leftJoin(communities, eq(communities.id, forumPosts.communityId))
      .where(postsVisibleTo(userId))
      .orderBy(desc(forumPosts.createdAt))
      .limit(4),
    db.select({ n: count() }).from(gameSessions).where(waitingRoomsListedTo(userId, null)),
    memberFiguresQuery(db, userId, null),
  ]);
  const activity: ActivityItem[] = [
    ...upcoming.map((e) => ({
      kind: "event" as const,
      id: e.id,
      title: e.title,
      detail: e.communityName ?? "All realms",
      at: isoInstant(e.startsAt),
      timeZone: e.timeZone,
      href: `/calendar?event=${e.id}`,
    })),
    ...rooms.map((r) => ({
      kind: "room" as const,
      id: r.id,
      title: r.name,
      detail: `${r.communityName ?? "All realms"} · ${r.format} · ${r.currentPlayers}/${r.maxPlayers} players`,
      at: isoInstant(r.createdAt),
      href: roomPath(r.id),
    })),
    ...posts.map((p) => ({
      kind: "post" as const,
      id: p.id,
      title: p.title,
      detail: `${p.communityName ?? "Forum"} · ${countOf(p.replyCount, "reply", "replies")}`,
      at: isoInstant(p.createdAt),
      href: "/community-forum",
    })),
  ];
  return {
    activity,
    openRoomCount: openRooms[0]?.n ?? 0,
    upcomingEventCount: upcoming.length,
    figures: toFigures(figures[0]),
  };
}
export type HomeDashboardData = Awaited<ReturnType<typeof getHomeDashboard>>;

/**
 * One realm's dashboard: its upcoming events and open rooms, its member count
 * and whether the member belongs, the member's notifications and figures. One
 * D1 batch: one round trip.
 */
export async function getCommunityDashboard(db: Db, userId: string, communityId: string, now = Date.now()) {
  const [upcoming, eventCount, roomCount, membership, notificationRows, figures, weekCommanders, weekBrackets] = await db.batch([
    upcomingEventsQuery(db, userId, now, communityId, 5),
    db
      .select({ n: count() })
      .from(events)
      .where(upcomingEventsListedTo(userId, communityId, now)),
    db.select({ n: count() }).from(gameSessions).where(waitingRoomsListedTo(userId, communityId)),
    membershipStateQuery(db, userId, communityId),
    latestNotificationsQuery(db, userId, 4),
    memberFiguresQuery(db, userId, communityId),
    ...realmWeekQueries(db, communityId, now),
  ]);
  const state = toMembership(membership[0]);
  return {
    communityId,
    upcomingEvents: upcoming.map((e) => ({ ...e, startsAt: isoInstant(e.startsAt) })),
    upcomingEventCount: eventCount[0]?.n ?? 0,
    openRoomCount: roomCount[0]?.n ?? 0,
    memberCount: state?.memberCount ?? 0,
    isMember: state?.isMember ?? false,
    notifications: notificationRows.map(toNotificationItem),
    figures: toFigures(figures[0]),
    /** "Played this week": the realm's confirmed results of the last 7 days. */
    week: toRealmWeek([weekCommanders, weekBrackets]),
  };
}
export type CommunityDashboardData = Awaited<ReturnType<typeof getCommunityDashboard>>;

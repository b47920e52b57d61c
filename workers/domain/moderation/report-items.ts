/**
 * What a report is about (issue 38): each kind of item read as the reporter may see it, turned into the case's
 * snapshot (its text as it is now, kept whatever happens to it later), its realm (whose moderators see the case)
 * and the member it is by. A chat line is read from its room, whose history keeps each line's id.
 */
import { and, eq, sql } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import { roomPath } from "../../contract/game-session-options";
import { REPORT_ITEM_LABELS, type ReportItemKind } from "../../contract/moderation-options";
import type { ReportBody, ReportSnapshot } from "../../contract/moderation";
import type { Db } from "../../db/client";
import { events, forumPosts, forumReplies, gameSessions, tournaments, users } from "../../db/schema";
import { invalid, notFound } from "../errors";
import { postsVisibleTo, repliesVisibleTo } from "../forum/forum-visibility";
import { readChatLine } from "../rooms/rooms";

/** A report's text is kept up to this long (a post may be 10,000 characters: the queue shows the start). */
const SNAPSHOT_TEXT_MAX = 2_000;

export type ReportedItem = { communityId: string | null; subjectId: string | null; roomId: string | null; snapshot: ReportSnapshot };

const names = { firstName: users.firstName, lastName: users.lastName, username: users.username };
const cut = (text: string | null | undefined) => [...(text ?? "")].slice(0, SNAPSHOT_TEXT_MAX).join("");

/** The row each kind's read comes to. */
type ItemRow = {
  title: string | null;
  text: string | null;
  communityId: string | null;
  subjectId: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  url: string;
};

/** The statement reading `kind` `id` as `viewerId` may see it (a hidden post is its author's alone). */
function itemQuery(db: Db, kind: Exclude<ReportItemKind, "chat_message">, id: string, viewerId: string) {
  switch (kind) {
    case "forum_post":
      return db
        .select({
          title: forumPosts.title,
          text: forumPosts.content,
          communityId: forumPosts.communityId,
          subjectId: forumPosts.authorId,
          ...names,
          url: sql<string>`'/community-forum?post=' || ${forumPosts.id}`,
        })
        .from(forumPosts)
        .leftJoin(users, eq(users.id, forumPosts.authorId))
        .where(and(eq(forumPosts.id, id), postsVisibleTo(viewerId)));
    case "forum_reply":
      return db
        .select({
          title: forumPosts.title,
          text: forumReplies.content,
          communityId: forumPosts.communityId,
          subjectId: forumReplies.authorId,
          ...names,
          url: sql<string>`'/community-forum?post=' || ${forumPosts.id}`,
        })
        .from(forumReplies)
        .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
        .leftJoin(users, eq(users.id, forumReplies.authorId))
        .where(and(eq(forumReplies.id, id), repliesVisibleTo(viewerId), postsVisibleTo(viewerId)));
    case "room":
      return db
        .select({
          title: gameSessions.name,
          text: gameSessions.description,
          communityId: gameSessions.communityId,
          subjectId: gameSessions.hostId,
          ...names,
          url: sql<string>`${roomPath("")} || ${gameSessions.id}`,
        })
        .from(gameSessions)
        .leftJoin(users, eq(users.id, gameSessions.hostId))
        .where(eq(gameSessions.id, id));
    case "event":
      return db
        .select({
          title: events.title,
          text: events.description,
          communityId: events.communityId,
          subjectId: events.creatorId,
          ...names,
          url: sql<string>`'/calendar?event=' || ${events.id}`,
        })
        .from(events)
        .leftJoin(users, eq(users.id, events.creatorId))
        .where(eq(events.id, id));
    case "tournament":
      return db
        .select({
          title: tournaments.name,
          text: tournaments.description,
          communityId: tournaments.communityId,
          subjectId: tournaments.organizerId,
          ...names,
          url: sql<string>`'/tournaments/' || ${tournaments.id}`,
        })
        .from(tournaments)
        .leftJoin(users, eq(users.id, tournaments.organizerId))
        .where(eq(tournaments.id, id));
    case "profile":
      return db
        .select({
          title: sql<string | null>`NULL`,
          text: users.bio,
          communityId: sql<string | null>`NULL`,
          subjectId: users.id,
          ...names,
          url: sql<string>`'/profile/' || ${users.id}`,
        })
        .from(users)
        .where(eq(users.id, id));
  }
}

function toItem(row: ItemRow, roomId: string | null = null): ReportedItem {
  return {
    communityId: row.communityId,
    subjectId: row.subjectId,
    roomId,
    snapshot: { title: row.title, text: cut(row.text), subjectName: row.subjectId ? displayName(row) : null, url: row.url },
  };
}

const missing = (kind: ReportItemKind) => notFound(`No such ${REPORT_ITEM_LABELS[kind]}`);

/**
 * The item a member reports, as they may see it: 404 when there is none (or it is hidden from them), 400 for their
 * own things or the table's own lines. A chat line is asked of its room (the line as the room has it).
 */
export async function readReportedItem(env: Env, db: Db, body: ReportBody, reporterId: string): Promise<ReportedItem> {
  const item =
    body.kind === "chat_message" ? await readChatItem(env, db, body.roomId ?? "", body.id) : await readItem(db, body, reporterId);
  if (item.subjectId === reporterId) {
    throw invalid(`You cannot report your own ${REPORT_ITEM_LABELS[body.kind]}`, [
      { code: "custom", path: ["id"], message: "This is yours" },
    ]);
  }
  return item;
}

async function readItem(db: Db, body: ReportBody, reporterId: string): Promise<ReportedItem> {
  if (body.kind === "chat_message") throw missing(body.kind);
  const row = await itemQuery(db, body.kind, body.id, reporterId).get();
  if (!row) throw missing(body.kind);
  return toItem(row);
}

async function readChatItem(env: Env, db: Db, roomId: string, lineId: string): Promise<ReportedItem> {
  const room = await itemQuery(db, "room", roomId, "").get();
  if (!room) throw missing("room");
  const line = await readChatLine(env, roomId, lineId);
  if (!line) throw missing("chat_message");
  // The room's own lines (a dice roll, the first player) are nobody's words.
  if (line.type === "game_action" || line.sender.id === "room") {
    throw invalid("This line is the table's own, not a member's", [{ code: "custom", path: ["id"], message: "Not a member's line" }]);
  }
  const text = line.type === "card" && line.card ? `${line.content} [card: ${line.card.name}]` : line.content;
  return {
    communityId: room.communityId,
    subjectId: line.sender.id,
    roomId,
    snapshot: { title: room.title, text: cut(text), subjectName: line.sender.firstName || null, url: room.url },
  };
}

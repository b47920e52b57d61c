/**
 * The contact inbox (issue 38): administrators read the contact form's messages, answer and close them. An answer
 * is e-mailed only when an e-mail service is configured; none is built today (OPTIONAL_SERVICES.email), so the
 * message is marked answered and the answer kept, and the page says so. Each answer and close is in the audit log.
 */
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { decodeCursor, pageOf, timeIdKey } from "../cursor";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { OPTIONAL_SERVICES } from "../operations/optional-services";
import { auditInsert } from "./audit";
import { roleFactsQuery, toModeratorFacts } from "./facts";
import { can } from "./roles";

export const INBOX_PAGE_SIZE = 20;
export type InboxFolder = "open" | "answered" | "closed";

export type InboxMessage = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: InboxFolder;
  answer: string | null;
  answeredAt: string | null;
  receivedAt: string;
};

/** Whether an answer can be e-mailed: only with an e-mail service, which is not built yet. */
export const answersAreEmailed = (): boolean => OPTIONAL_SERVICES.email.built;

async function requireAdmin(db: Db, actorId: string) {
  const actor = toModeratorFacts(actorId, await roleFactsQuery(db, actorId).get());
  if (!can(actor, "handle_contact")) throw forbidden("Only administrators read the contact inbox");
  return actor;
}

/** One page of a folder, newest first, on the (status, created_at) index. */
export async function listInbox(db: Db, actorId: string, folder: InboxFolder, cursor?: string) {
  await requireAdmin(db, actorId);
  const after = cursor ? decodeCursor(cursor, timeIdKey) : null;
  if (cursor && !after) throw invalid("Invalid cursor");
  const inFolder = eq(contactMessages.status, folder);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(
      after
        ? and(
            inFolder,
            or(lt(contactMessages.createdAt, after[0]), and(eq(contactMessages.createdAt, after[0]), lt(contactMessages.id, after[1]))),
          )
        : inFolder,
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE + 1)
    .all();
  const { page, nextCursor } = pageOf(rows, INBOX_PAGE_SIZE, (r) => [r.createdAt, r.id]);
  return {
    messages: page.map((r): InboxMessage => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      status: r.status,
      answer: r.answer,
      answeredAt: r.answeredAt === null ? null : new Date(r.answeredAt).toISOString(),
      receivedAt: new Date(r.createdAt).toISOString(),
    })),
    nextCursor,
    emailed: answersAreEmailed(),
  };
}

/** Keeps the answer and marks the message answered (e-mailing it is for when a service exists: answersAreEmailed). */
export async function answerContactMessage(db: Db, actorId: string, messageId: string, answer: string, now = Date.now()): Promise<string> {
  await requireAdmin(db, actorId);
  const [updated] = await db.batch([
    db
      .update(contactMessages)
      .set({ status: "answered", answer, answeredAt: now, handledBy: actorId })
      .where(and(eq(contactMessages.id, messageId), inArray(contactMessages.status, ["open", "answered"])))
      .returning({ id: contactMessages.id }),
    auditInsert(
      db,
      { communityId: null, actorId, action: "answer_contact", targetKind: "contact_message", targetId: messageId, reason: "Answered" },
      now,
      sql`changes() = 1`,
    ),
  ]);
  if (updated.length === 0) await explainRefusal(db, messageId);
  return answersAreEmailed() ? "Answer sent" : "Marked answered: no e-mail service is configured, so the answer was kept, not sent";
}

export async function closeContactMessage(db: Db, actorId: string, messageId: string, now = Date.now()): Promise<string> {
  await requireAdmin(db, actorId);
  const [updated] = await db.batch([
    db
      .update(contactMessages)
      .set({ status: "closed", closedAt: now, handledBy: actorId })
      .where(and(eq(contactMessages.id, messageId), inArray(contactMessages.status, ["open", "answered"])))
      .returning({ id: contactMessages.id }),
    auditInsert(
      db,
      { communityId: null, actorId, action: "close_contact", targetKind: "contact_message", targetId: messageId, reason: "Closed" },
      now,
      sql`changes() = 1`,
    ),
  ]);
  if (updated.length === 0) await explainRefusal(db, messageId);
  return "Message closed";
}

async function explainRefusal(db: Db, messageId: string): Promise<never> {
  const row = await db.select({ status: contactMessages.status }).from(contactMessages).where(eq(contactMessages.id, messageId)).get();
  if (!row) throw notFound("No such message");
  throw conflict("This message is closed");
}

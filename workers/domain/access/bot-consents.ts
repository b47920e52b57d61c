import { noteNotified } from "../../lib/notified-members";
import { and, desc, eq, sql } from "drizzle-orm";
import { BOT_CONSENTS_PATH, botConsentTitle, type BotConsentStatus, type BotConsentView } from "../../contract/bot-consents";
import { displayName } from "../../contract/display-name";
import type { Db } from "../../db/client";
import { botSeatConsents, notifications, users } from "../../db/schema";
import { notFound } from "../errors";
import { isoInstantOrNull } from "../instants";

/**
 * Consent before a bot acts in a member's name (issue 35). A bot is the member behind API tokens, whichever token
 * it uses (three tokens are one bot): it makes a member the host of a room it creates only while that member has
 * allowed it. A bot's first attempt asks the member once (a pending row and a notification); the member allows or
 * declines, signed in, and may withdraw at any time; every attempt reads the answer from D1, so a withdrawal holds
 * from the next request. Decision: docs/decisions/2026-11-27-bot-seat-consent.md.
 */

export const BOT_CONSENT_NOTIFICATION = "bot_consent";
/** At most this many bots are listed to a member (each bot asks a member at most once, so lists stay short). */
export const MAX_LISTED_BOTS = 100;

/** Whether a bot may seat a member: only their "allowed" answer lets it. Pure, for the room service. */
export const consentLetsBotSeat = (status: BotConsentStatus | null | undefined) => status === "allowed";

/** The member's answer to the bot `botOwnerId`, as a column for a batch's read (null: never asked). */
export function consentStatusOf(botOwnerId: string, memberId: string) {
  return sql<BotConsentStatus | null>`(SELECT status FROM bot_seat_consents WHERE member_id = ${memberId} AND bot_owner_id = ${botOwnerId})`;
}

/**
 * Asks a member, once per bot: a pending answer and the notification that asks, in one batch. The notification is
 * inserted only with the row this call inserted (its id is the row's `notification_id`), so two attempts at once
 * notify once and a bot asking again (pending, allowed or declined) notifies nobody.
 */
export async function askSeatConsent(
  db: Db,
  ask: { memberId: string; botOwnerId: string; botName: string; ownerName: string },
): Promise<void> {
  const notificationId = crypto.randomUUID();
  const title = botConsentTitle(ask.botName);
  const message = `${ask.botName}, a bot run by ${ask.ownerName}, asks to make you the host of the rooms it creates for you, seated in them. Open this to allow or decline; you can change your answer any time in Settings, Privacy. Until you allow it, it cannot seat you: it may only invite you.`;
  await db.batch([
    db
      .insert(botSeatConsents)
      .values({ memberId: ask.memberId, botOwnerId: ask.botOwnerId, botName: ask.botName, status: "pending", notificationId })
      .onConflictDoNothing(),
    db.insert(notifications).select(
      // Columns in table order: id, user_id, type, title, message, action_url, read, created_at.
      sql`SELECT ${notificationId}, ${ask.memberId}, ${BOT_CONSENT_NOTIFICATION}, ${title}, ${message}, ${BOT_CONSENTS_PATH}, 0,
          CAST(unixepoch('subsec') * 1000 AS INTEGER)
        WHERE EXISTS (SELECT 1 FROM bot_seat_consents WHERE member_id = ${ask.memberId} AND bot_owner_id = ${ask.botOwnerId}
          AND notification_id = ${notificationId})`,
    ),
  ]);
  noteNotified(ask.memberId);
}

const consentColumns = {
  botId: botSeatConsents.botOwnerId,
  botName: botSeatConsents.botName,
  status: botSeatConsents.status,
  createdAt: botSeatConsents.createdAt,
  decidedAt: botSeatConsents.decidedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

function view(row: {
  botId: string;
  botName: string;
  status: BotConsentStatus;
  createdAt: number;
  decidedAt: number | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): BotConsentView {
  return {
    botId: row.botId,
    botName: row.botName,
    ownerName: displayName(row),
    status: row.status,
    askedAt: new Date(row.createdAt).toISOString(),
    decidedAt: isoInstantOrNull(row.decidedAt),
  };
}

/** The bots that asked the member, newest first: waiting for an answer, allowed, declined. One round trip. */
export async function listSeatConsents(db: Db, memberId: string): Promise<BotConsentView[]> {
  const rows = await db
    .select(consentColumns)
    .from(botSeatConsents)
    .innerJoin(users, eq(users.id, botSeatConsents.botOwnerId))
    .where(eq(botSeatConsents.memberId, memberId))
    .orderBy(desc(botSeatConsents.createdAt), desc(botSeatConsents.botOwnerId))
    .limit(MAX_LISTED_BOTS);
  return rows.map(view);
}

/**
 * The member's own answer to a bot that asked them: allow, or decline (also how an allowed bot is removed). Only
 * the member's own row changes, and the notification that asked is marked read, in one batch. 404 for a bot that
 * never asked them.
 */
export async function answerSeatConsent(db: Db, memberId: string, botId: string, allow: boolean): Promise<BotConsentView> {
  const mine = and(eq(botSeatConsents.memberId, memberId), eq(botSeatConsents.botOwnerId, botId));
  const [, updated, rows] = await db.batch([
    db
      .update(notifications)
      .set({ read: true })
      .where(
        and(
          eq(notifications.userId, memberId),
          sql`${notifications.id} = (SELECT notification_id FROM bot_seat_consents WHERE member_id = ${memberId} AND bot_owner_id = ${botId})`,
        ),
      ),
    db
      .update(botSeatConsents)
      .set({ status: allow ? "allowed" : "declined", decidedAt: sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)` })
      .where(mine)
      .returning({ botId: botSeatConsents.botOwnerId }),
    db.select(consentColumns).from(botSeatConsents).innerJoin(users, eq(users.id, botSeatConsents.botOwnerId)).where(mine),
  ]);
  if (updated.length === 0 || !rows[0]) throw notFound("No such bot has asked to seat you");
  return view(rows[0]);
}

/** The consents a member gave or was asked for, for their data export (the bot by its member id and name). */
export function consentsForExport(db: Db, memberId: string) {
  return db
    .select({
      botId: botSeatConsents.botOwnerId,
      botName: botSeatConsents.botName,
      status: botSeatConsents.status,
      createdAt: botSeatConsents.createdAt,
      decidedAt: botSeatConsents.decidedAt,
    })
    .from(botSeatConsents)
    .where(eq(botSeatConsents.memberId, memberId));
}

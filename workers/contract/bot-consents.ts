import { z } from "../lib/zod";

/**
 * Bots that may seat a member (issue 35): a bot (the member behind some API tokens) makes a member the host of a
 * room it creates only with that member's consent, which they give or withdraw themselves, signed in (Settings,
 * Privacy, or the page the asking notification opens), never with a token.
 */

export const BOT_CONSENT_STATUSES = ["pending", "allowed", "declined"] as const;
export type BotConsentStatus = (typeof BOT_CONSENT_STATUSES)[number];

/** Where a member answers (the notification links here; Settings, Privacy shows the same list). */
export const BOT_CONSENTS_PATH = "/settings/bots";

/** The notification a bot's first attempt sends: the member reads who asks, and answers on BOT_CONSENTS_PATH. */
export const botConsentTitle = (botName: string) => `${botName} wants to seat you in rooms it makes`;

/** One bot as the member sees it in their list. */
export type BotConsentView = {
  /** The bot's member (the owner of its tokens): the id an answer names. */
  botId: string;
  /** The name of the token that asked. */
  botName: string;
  /** Who runs the bot (their display name). */
  ownerName: string;
  status: BotConsentStatus;
  askedAt: string;
  decidedAt: string | null;
};

/** The answers a member gives: allow, decline (also "Remove" for a bot allowed before). */
export const botConsentAnswer = z.object({
  intent: z.enum(["allow", "decline"]),
  botId: z.string().trim().min(1, "A bot is required").max(100),
});
export type BotConsentAnswer = z.infer<typeof botConsentAnswer>;

/** The refusal a bot reads when its room would seat a host who has not allowed it. */
export const HOST_CONSENT_REQUIRED =
  "The host has not allowed this bot to seat them. A bot makes a member the host of its room only with their consent, which they give in Settings, Privacy; they have been asked once. Create the room once they allow it, or name a host who has.";

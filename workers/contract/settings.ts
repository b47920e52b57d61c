import { z } from "../lib/zod";
import { BOT_CONSENT_STATUSES } from "./bot-consents";

export const THEME_MODES = ["light", "dark", "system"] as const;
export const STREAM_QUALITIES = ["480p", "720p", "1080p"] as const;

/** PUT /api/user/settings: every group and every field is required and typed (spec 000 §3 User settings). */
export const userSettingsBody = z.strictObject({
  theme: z.enum(THEME_MODES),
  notificationSettings: z.strictObject({
    email: z.boolean(),
    browser: z.boolean(),
    eventReminders: z.boolean(),
    socialUpdates: z.boolean(),
    weeklyDigest: z.boolean(),
  }),
  privacySettings: z.strictObject({
    profileVisible: z.boolean(),
    showOnlineStatus: z.boolean(),
    allowDirectMessages: z.boolean(),
    shareStreamingActivity: z.boolean(),
  }),
  streamingSettings: z.strictObject({
    defaultQuality: z.enum(STREAM_QUALITIES),
    autoStartRecording: z.boolean(),
    chatOverlay: z.boolean(),
    showViewerCount: z.boolean(),
  }),
});
export type UserSettings = z.infer<typeof userSettingsBody>;

/** Spec 000 §9: what a member who never saved gets, and what Reset restores. */
export const DEFAULT_SETTINGS: UserSettings = {
  theme: "system",
  notificationSettings: { email: true, browser: true, eventReminders: true, socialUpdates: false, weeklyDigest: true },
  privacySettings: { profileVisible: true, showOnlineStatus: true, allowDirectMessages: true, shareStreamingActivity: true },
  streamingSettings: { defaultQuality: "720p", autoStartRecording: false, chatOverlay: true, showViewerCount: true },
};

/** Rows of the member's own data, as stored (the export is for the member alone). */
const ownRows = z.array(z.looseObject({}));
const instant = z.string().nullable();

/** POST /api/user/export-data: everything stored about the member (account.ts `exportMemberData`). */
export const memberDataExport = z.object({
  exportedAt: z.string(),
  profile: z.looseObject({ id: z.string(), email: z.string() }),
  settings: userSettingsBody,
  socialLinks: ownRows,
  communities: z.array(z.string()),
  events: z.object({ createdOrHosted: ownRows, attending: ownRows }),
  /** `results`: the member's lines of game results (issue 27); `invites`: rooms they were invited to. */
  rooms: z.object({ hosted: ownRows, seats: ownRows, invites: ownRows, results: ownRows }),
  tournaments: z.object({ organized: ownRows, entered: ownRows }),
  forum: z.object({ posts: ownRows, replies: ownRows, likes: ownRows }),
  friends: z.array(
    z.object({
      id: z.string(),
      otherMemberId: z.string(),
      direction: z.enum(["sent", "received"]),
      status: z.string(),
      createdAt: instant,
    }),
  ),
  blocks: z.array(z.object({ blockedId: z.string(), createdAt: instant })),
  notifications: ownRows,
  socialPosts: ownRows,
  socialConnections: ownRows,
  matchmaking: z.object({ preferences: z.looseObject({}).nullable(), games: z.array(z.string()) }),
  contactMessages: ownRows,
  decks: ownRows,
  /** The member's API tokens as listed in settings: never the token's hash or a webhook's signing secret. */
  apiTokens: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      scopes: z.array(z.string()),
      expiresAt: instant,
      lastUsedAt: instant,
      webhookUrl: z.string().nullable(),
      createdAt: instant,
    }),
  ),
  /** Bots that asked to seat the member, with the member's answer (issue 35): `botId` is the bot's member id. */
  botSeatConsents: z.array(
    z.object({
      botId: z.string(),
      botName: z.string(),
      status: z.enum(BOT_CONSENT_STATUSES),
      createdAt: instant,
      decidedAt: instant,
    }),
  ),
});

import { z } from "zod";
import type { RouteDoc } from "./route-doc";

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

export const settingsRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: "/api/user/settings",
    summary: "The member's settings; the spec's defaults when never saved.",
    auth: "member",
    response: userSettingsBody,
    errors: { 401: "Signed out" },
  },
  {
    method: "put",
    path: "/api/user/settings",
    summary: "Replaces the member's settings (all four groups, every field).",
    auth: "member",
    body: userSettingsBody,
    response: userSettingsBody,
    errors: { 400: "Missing or invalid field", 401: "Signed out" },
  },
  {
    method: "post",
    path: "/api/user/export-data",
    summary:
      "Everything stored about the member as a JSON file download (Content-Disposition: attachment): profile, settings, links, communities, events, rooms, tournaments, forum posts and replies, friends, notifications, social posts.",
    auth: "member",
    produces: "application/json (attachment)",
    errors: { 401: "Signed out" },
  },
  {
    method: "delete",
    path: "/api/user/account",
    summary:
      "Deletes the member and their personal data in one batch and ends every session. Forum posts and replies stay, unattributed; events, rooms and tournaments they created are deleted.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out" },
  },
];

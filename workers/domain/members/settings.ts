import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSettings } from "../../db/schema";
import { DEFAULT_SETTINGS, userSettingsBody, type UserSettings } from "../../contract/settings";

const groupSchemas = userSettingsBody.shape;

/** A stored JSON group, or the default group when it is missing or no longer valid. */
function storedGroup<K extends "notificationSettings" | "privacySettings" | "streamingSettings">(key: K, value: unknown): UserSettings[K] {
  const parsed = groupSchemas[key].safeParse(value);
  return parsed.success ? (parsed.data as UserSettings[K]) : DEFAULT_SETTINGS[key];
}

/** The member's settings; spec 000 §9 defaults for a member who never saved. */
export async function getSettings(db: Db, userId: string): Promise<UserSettings> {
  const row = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).get();
  if (!row) return DEFAULT_SETTINGS;
  return {
    theme: row.theme,
    notificationSettings: storedGroup("notificationSettings", row.notificationSettings),
    privacySettings: storedGroup("privacySettings", row.privacySettings),
    streamingSettings: storedGroup("streamingSettings", row.streamingSettings),
  };
}

/** Stores the whole validated settings object (one upsert). */
export async function saveSettings(db: Db, userId: string, settings: UserSettings): Promise<UserSettings> {
  const values = {
    theme: settings.theme,
    notificationSettings: settings.notificationSettings,
    privacySettings: settings.privacySettings,
    streamingSettings: settings.streamingSettings,
    updatedAt: Date.now(),
  };
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .run();
  return settings;
}

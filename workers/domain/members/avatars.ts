import { eq, sql } from "drizzle-orm";
import { AVATAR_PATH, type AvatarType } from "../../contract/avatar-options";
import type { Db } from "../../db/client";
import { users, type User } from "../../db/schema";
import { avatarVersion, checkAvatarFile } from "../../contract/avatar-file";
import { invalid } from "../errors";

/**
 * Profile pictures in R2. One object per picture under `{userId}/{version}`,
 * where the version is a hash of the bytes: the URL changes with the picture,
 * so it can be cached forever and a new one shows at once. The member's
 * `profileImageUrl` points at the served route (`/api/avatars/{userId}/{version}`).
 */

const keyOf = (userId: string, version: string) => `${userId}/${version}`;
export const avatarUrl = (userId: string, version: string) => `${AVATAR_PATH}/${userId}/${version}`;

/** The R2 key behind a member's stored picture URL, when it is one of ours (an OAuth provider's URL is not). */
export function avatarKeyOf(user: Pick<User, "id" | "profileImageUrl">): string | null {
  const prefix = `${AVATAR_PATH}/${user.id}/`;
  const url = user.profileImageUrl;
  return url?.startsWith(prefix) ? keyOf(user.id, url.slice(prefix.length)) : null;
}

/** For an update of `users`: the provider's picture URL, unless the member uploaded one of their own. */
export const keepUploadedAvatar = (providerUrl: string | null) =>
  sql`CASE WHEN ${users.profileImageUrl} LIKE ${`${AVATAR_PATH}/%`} THEN ${users.profileImageUrl} ELSE ${providerUrl} END`;

const fileIssue = (message: string) => [{ code: "custom", path: ["file"], message }];

export type AvatarUpload = { bytes: Uint8Array<ArrayBuffer>; type: AvatarType };

/** Uploaded bytes as a picture: a PNG, JPEG or WebP of at most 2 MB, else invalid (naming the field `file`). */
export function toAvatarUpload(bytes: Uint8Array<ArrayBuffer>): AvatarUpload {
  const check = checkAvatarFile(bytes);
  if (!check.ok) throw invalid(check.message, fileIssue(check.message));
  return { bytes, type: check.type };
}

/** Stores a new picture and points the member at it (one D1 round trip), then drops the previous one. */
export async function saveAvatar(db: Db, bucket: R2Bucket, user: Pick<User, "id" | "profileImageUrl">, { bytes, type }: AvatarUpload) {
  const version = await avatarVersion(bytes);
  await bucket.put(keyOf(user.id, version), bytes, { httpMetadata: { contentType: type } });
  const profileImageUrl = avatarUrl(user.id, version);
  await db.update(users).set({ profileImageUrl, updatedAt: Date.now() }).where(eq(users.id, user.id));
  const previous = avatarKeyOf(user);
  if (previous && previous !== keyOf(user.id, version)) await bucket.delete(previous);
  return { profileImageUrl };
}

/** Removes the member's picture: the URL first (so nothing points at a missing object), then the object. */
export async function removeAvatar(db: Db, bucket: R2Bucket, user: Pick<User, "id" | "profileImageUrl">): Promise<void> {
  await db.update(users).set({ profileImageUrl: null, updatedAt: Date.now() }).where(eq(users.id, user.id));
  const key = avatarKeyOf(user);
  if (key) await bucket.delete(key);
}

/** Every stored picture of a member (account deletion). */
export async function deleteMemberAvatars(bucket: R2Bucket, userId: string): Promise<void> {
  const listed = await bucket.list({ prefix: `${userId}/` });
  if (listed.objects.length > 0) await bucket.delete(listed.objects.map((o) => o.key));
}

/** Whether the picture is stored (its metadata only: a revalidation need not read the bytes). */
export async function avatarExists(bucket: R2Bucket, userId: string, version: string): Promise<boolean> {
  return (await bucket.head(keyOf(userId, version))) !== null;
}

/** One stored picture, or null. */
export async function readAvatar(bucket: R2Bucket, userId: string, version: string) {
  const object = await bucket.get(keyOf(userId, version));
  if (!object) return null;
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream", size: object.size };
}

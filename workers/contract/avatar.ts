import { z } from "../lib/zod";
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "./avatar-options";

export { AVATAR_MAX_BYTES, AVATAR_TYPES };

/**
 * POST /api/user/avatar: a multipart form with the picture in `file`. Its
 * bytes decide what it is (workers/contract/avatar-file.ts), not its declared type.
 */
export const avatarUploadForm = z.object({
  file: z
    .instanceof(File, { message: "Choose a PNG, JPEG or WebP picture" })
    .meta({ type: "string", format: "binary", description: `PNG, JPEG or WebP, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB` }),
});

export const avatarResponse = z.object({
  /** Where the picture is served; a new picture gets a new URL. */
  profileImageUrl: z.string(),
});

/** GET /api/avatars/{userId}/{version}: anything else is a missing picture (404). */
export const avatarParams = z.object({
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  version: z.string().regex(/^[0-9a-f]{16}$/),
});

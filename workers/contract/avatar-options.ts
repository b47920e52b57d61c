// Profile picture limits without zod, so the browser's cropper can import them cheaply.

/** The largest picture the API accepts (the browser's 256 px crop is far below it). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** What a picture may be, told by its first bytes (never by the declared type or the file name). */
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
/** The browser crops to a centred square and scales it to this edge before uploading. */
export const AVATAR_EDGE = 256;
/** Where avatars are served: `${AVATAR_PATH}/{userId}/{version}`. */
export const AVATAR_PATH = "/api/avatars";

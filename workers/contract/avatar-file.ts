import { bytesToHex } from "../lib/hex";
import { AVATAR_MAX_BYTES, type AvatarType } from "./avatar-options";

/**
 * What kind of image the bytes are, from their signature: PNG, JPEG or WebP,
 * else null. The declared Content-Type and the file name are the sender's word
 * and are ignored; these bytes are what a browser would decode.
 */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  const starts = (offset: number, signature: number[]) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBP: "RIFF", a 4-byte size, then "WEBP" and a VP8/VP8L/VP8X chunk.
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38])) return "image/webp";
  return null;
}

export type AvatarFileCheck = { ok: true; type: AvatarType } | { ok: false; message: string };

/** The upload rule: a non-empty PNG, JPEG or WebP of at most AVATAR_MAX_BYTES. */
export function checkAvatarFile(bytes: Uint8Array): AvatarFileCheck {
  if (bytes.length === 0) return { ok: false, message: "The file is empty" };
  if (bytes.length > AVATAR_MAX_BYTES) return { ok: false, message: "The picture must be at most 2 MB" };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: "The picture must be a PNG, JPEG or WebP image" };
  return { ok: true, type };
}

/** A short content hash: the avatar's version in its URL and its ETag, so a new picture gets a new URL. */
export async function avatarVersion(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return bytesToHex(digest.slice(0, 8));
}

/**
 * Discord signs every interaction it POSTs (Discord: "Interactions: Receiving and Responding", "Security and
 * Authorization"): `X-Signature-Ed25519` is the hex Ed25519 signature of the `X-Signature-Timestamp` header's
 * value followed by the raw body, made with the application's key; its public half is the application's public key
 * (hex). Checked with WebCrypto's Ed25519 before anything else reads the request. A timestamp more than
 * SIGNATURE_MAX_AGE_SECONDS from the Worker's clock is refused too, so a captured request cannot be replayed later.
 */

export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "bad_signature" | "stale" };

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Imported once per public key and isolate. */
const keys = new Map<string, Promise<CryptoKey>>();

function publicKey(hex: string): Promise<CryptoKey> {
  let key = keys.get(hex);
  if (!key) {
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error("DISCORD_PUBLIC_KEY is not a 32-byte hex Ed25519 public key");
    key = crypto.subtle.importKey("raw", hexBytes(hex), { name: "Ed25519" }, false, ["verify"]);
    keys.set(hex, key);
  }
  return key;
}

/** Whether `body` (the raw bytes) came from Discord, signed with `publicKeyHex`'s private half, recently. */
export async function verifyDiscordSignature(
  publicKeyHex: string,
  headers: Headers,
  body: Uint8Array,
  nowMs = Date.now(),
): Promise<SignatureCheck> {
  const signature = headers.get("X-Signature-Ed25519");
  const timestamp = headers.get("X-Signature-Timestamp");
  if (!signature || !timestamp) return { ok: false, reason: "missing" };
  if (!/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "malformed" };
  const stamp = new TextEncoder().encode(timestamp);
  const signed = new Uint8Array(stamp.length + body.length);
  signed.set(stamp);
  signed.set(body, stamp.length);
  const valid = await crypto.subtle.verify({ name: "Ed25519" }, await publicKey(publicKeyHex), hexBytes(signature), signed);
  if (!valid) return { ok: false, reason: "bad_signature" };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_SECONDS) return { ok: false, reason: "stale" };
  return { ok: true };
}

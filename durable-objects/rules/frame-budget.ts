/**
 * Per-connection token bucket: `ratePerSecond` tokens refill continuously up
 * to `burst`. Each inbound frame costs one token; an empty bucket refuses it.
 */
export type Bucket = { tokens: number; updatedAt: number };

export const FRAMES_PER_SECOND = 20;
export const FRAME_BURST = 40;

export function freshBucket(now: number, burst = FRAME_BURST): Bucket {
  return { tokens: burst, updatedAt: now };
}

/** Returns the bucket after the attempt and whether the frame is allowed. */
export function takeToken(
  bucket: Bucket,
  now: number,
  ratePerSecond = FRAMES_PER_SECOND,
  burst = FRAME_BURST,
): { bucket: Bucket; allowed: boolean } {
  const elapsed = Math.max(0, now - bucket.updatedAt) / 1000;
  const tokens = Math.min(burst, bucket.tokens + elapsed * ratePerSecond);
  if (tokens < 1) return { bucket: { tokens, updatedAt: now }, allowed: false };
  return { bucket: { tokens: tokens - 1, updatedAt: now }, allowed: true };
}

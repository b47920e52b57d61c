import { z } from "../lib/zod";
import { RATE_LIMITS } from "../domain/rate-limit-rules";
import { multiLine, singleLine } from "./text";

/** At most this many messages per client address per window (spec 001 §5 names no limit). */
export const CONTACT_LIMIT = RATE_LIMITS.contactAddress.limit;
export const CONTACT_WINDOW_MS = RATE_LIMITS.contactAddress.windowMs;

const required = (label: string, max: number) => ({
  min: 1,
  max,
  required: `${label} is required`,
  tooLong: `${label} must be at most ${max} characters`,
});

export const contactBody = z.object({
  name: singleLine(required("Name", 100)),
  email: z.string().trim().min(1, "Email is required").max(200).pipe(z.email("Enter a valid e-mail address")),
  subject: singleLine(required("Subject", 200)),
  message: multiLine(required("Message", 5_000)),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactReceipt = z.object({ id: z.string() });

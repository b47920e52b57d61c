import { z } from "zod";

/** At most this many messages per client address per window (spec 001 §5 names no limit). */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 60 * 60 * 1000;

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const contactBody = z.object({
  name: required("Name", 100),
  email: z.string().trim().min(1, "Email is required").max(200).pipe(z.email("Enter a valid e-mail address")),
  subject: required("Subject", 200),
  message: required("Message", 5_000),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactReceipt = z.object({ id: z.string() });

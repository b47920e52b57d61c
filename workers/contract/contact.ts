import { z } from "../lib/zod";
import { CONTACT_HONEYPOT } from "./contact-options";
import { multiLine, singleLine } from "./text";

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
  [CONTACT_HONEYPOT]: z.string().max(2_000).optional().describe("Leave empty: a trap for bots, hidden from people."),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactReceipt = z.object({ id: z.string() });

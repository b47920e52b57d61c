import { sql } from "drizzle-orm";
import type { ContactBody } from "../contract/contact";
import { CONTACT_HONEYPOT } from "../contract/contact-options";
import type { Db } from "../db/client";
import { contactMessages, type User } from "../db/schema";
import { rateLimited } from "./errors";
import { enforceRateLimit } from "./rate-limit";
import { RATE_LIMITS, rateLimitMessage, type RateLimitName } from "./rate-limit-rules";

/** The caller's address as Cloudflare reports it; "local" under wrangler dev and tests without it. */
export function clientAddressOf(headers: Headers): string {
  return headers.get("CF-Connecting-IP")?.trim() || "local";
}

const sender = RATE_LIMITS.contactSender;
const network = RATE_LIMITS.contactNetwork;

/**
 * Stores a contact message unless its e-mail address (any case) already sent `contactSender.limit` messages in the
 * last window, or its network `contactNetwork.limit`. The checks and the insert are one statement, so parallel
 * requests cannot slip past a limit. Returns the new id, or the limit that refused it.
 */
export async function storeContactMessage(
  db: Db,
  input: ContactBody,
  clientAddress: string,
  now = Date.now(),
): Promise<{ id: string } | { limited: RateLimitName }> {
  const id = crypto.randomUUID();
  const email = input.email.toLowerCase();
  const inserted = await db.get<{ id: string } | undefined>(sql`
    insert into ${contactMessages} (id, name, email, subject, message, client_address, created_at)
    select ${id}, ${input.name}, ${input.email}, ${input.subject}, ${input.message}, ${clientAddress}, ${now}
    where (select count(*) from ${contactMessages}
           where lower(email) = ${email} and created_at > ${now - sender.windowMs}) < ${sender.limit}
      and (select count(*) from ${contactMessages}
           where client_address = ${clientAddress} and created_at > ${now - network.windowMs}) < ${network.limit}
    returning id`);
  if (inserted?.id) return { id: inserted.id };
  // Refused: one more read (only on this path) names the limit for the message.
  const bySender = await db.get<{ n: number }>(sql`
    select count(*) as n from ${contactMessages} where lower(email) = ${email} and created_at > ${now - sender.windowMs}`);
  return { limited: (bySender?.n ?? 0) >= sender.limit ? "contactSender" : "contactNetwork" };
}

/**
 * Stores the message within its limits: per member when signed in (so changing address resets nothing), per
 * e-mail typed, and per network as a looser backstop. A filled honeypot is answered like a sent message and
 * stored nowhere.
 */
export async function sendContactMessage(db: Db, input: ContactBody, clientAddress: string, user: User | null): Promise<{ id: string }> {
  if (input[CONTACT_HONEYPOT]) return { id: crypto.randomUUID() };
  if (user) await enforceRateLimit(db, "contactMember", user.id);
  const stored = await storeContactMessage(db, input, clientAddress);
  // The windows slide (the checks are part of the insert), so a whole window is the safe wait.
  if ("limited" in stored) throw rateLimited(rateLimitMessage(stored.limited), RATE_LIMITS[stored.limited].windowMs / 1000);
  return stored;
}

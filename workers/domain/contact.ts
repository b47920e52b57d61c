import { sql } from "drizzle-orm";
import { CONTACT_LIMIT, CONTACT_WINDOW_MS, type ContactBody } from "../contract/contact";
import type { Db } from "../db/client";
import { contactMessages, type User } from "../db/schema";
import { rateLimited } from "./errors";
import { enforceRateLimit } from "./rate-limit";
import { rateLimitMessage } from "./rate-limit-rules";

/** The caller's address as Cloudflare reports it; "local" under wrangler dev and tests without it. */
export function clientAddressOf(headers: Headers): string {
  return headers.get("CF-Connecting-IP")?.trim() || "local";
}

/**
 * Stores a contact message unless this address already sent CONTACT_LIMIT in
 * the last window. Check and insert are one statement, so parallel requests
 * cannot slip past the limit. Returns the new id, or null when limited.
 */
export async function storeContactMessage(db: Db, input: ContactBody, clientAddress: string, now = Date.now()): Promise<string | null> {
  const id = crypto.randomUUID();
  const row = await db.get<{ id: string }>(sql`
    insert into ${contactMessages} (id, name, email, subject, message, client_address, created_at)
    select ${id}, ${input.name}, ${input.email}, ${input.subject}, ${input.message}, ${clientAddress}, ${now}
    where (select count(*) from ${contactMessages}
           where client_address = ${clientAddress} and created_at > ${now - CONTACT_WINDOW_MS}) < ${CONTACT_LIMIT}
    returning id`);
  return row?.id ?? null;
}

/**
 * Stores the message within both limits: per client address (a sliding hour, checked in the insert) and,
 * when signed in, per member, so changing address does not reset a member's limit.
 */
export async function sendContactMessage(db: Db, input: ContactBody, clientAddress: string, sender: User | null): Promise<{ id: string }> {
  if (sender) await enforceRateLimit(db, "contactMember", sender.id);
  const id = await storeContactMessage(db, input, clientAddress);
  // The per-address window slides (the check is part of the insert), so a whole window is the safe wait.
  if (!id) throw rateLimited(rateLimitMessage("contactAddress"), CONTACT_WINDOW_MS / 1000);
  return { id };
}

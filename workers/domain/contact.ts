import { sql } from "drizzle-orm";
import { CONTACT_LIMIT, CONTACT_WINDOW_MS, type ContactBody } from "../contract/contact";
import type { Db } from "../db/client";
import { contactMessages } from "../db/schema";
import { rateLimited } from "./errors";

/** The caller's address as Cloudflare reports it; "local" under wrangler dev and tests without it. */
export function clientAddressOf(headers: Headers): string {
  return headers.get("CF-Connecting-IP")?.trim() || "local";
}

/**
 * Stores a contact message unless this address already sent CONTACT_LIMIT in
 * the last window. Check and insert are one statement, so parallel requests
 * cannot slip past the limit. Returns the new id, or null when limited.
 */
export async function storeContactMessage(
  db: Db,
  input: ContactBody,
  clientAddress: string,
  now = Date.now(),
): Promise<string | null> {
  const id = crypto.randomUUID();
  const row = await db.get<{ id: string }>(sql`
    insert into ${contactMessages} (id, name, email, subject, message, client_address, created_at)
    select ${id}, ${input.name}, ${input.email}, ${input.subject}, ${input.message}, ${clientAddress}, ${now}
    where (select count(*) from ${contactMessages}
           where client_address = ${clientAddress} and created_at > ${now - CONTACT_WINDOW_MS}) < ${CONTACT_LIMIT}
    returning id`);
  return row?.id ?? null;
}

/** Stores the message, or throws `rate_limited` when this address has sent CONTACT_LIMIT this hour. */
export async function sendContactMessage(db: Db, input: ContactBody, clientAddress: string): Promise<{ id: string }> {
  const id = await storeContactMessage(db, input, clientAddress);
  if (!id) throw rateLimited(`You can send at most ${CONTACT_LIMIT} messages an hour. Please try again later.`, CONTACT_WINDOW_MS / 1000);
  return { id };
}

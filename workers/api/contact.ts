import { Hono } from "hono";
import { contactBody } from "../contract/contact";
import { clientAddressOf, storeContactMessage } from "../domain/contact";
import { enforceRateLimit } from "../domain/rate-limit";
import { rateLimitMessage } from "../domain/rate-limit-rules";
import type { AppEnv } from "../http/app-env";
import { tooManyRequests } from "../http/errors";
import { parseJsonBody } from "../http/validate";

export const contactApi = new Hono<AppEnv>().post("/contact", async (c) => {
  const body = await parseJsonBody(c, contactBody);
  const db = c.get("db");
  // A signed-in sender is also counted as a member, so changing address does not reset their limit.
  const user = c.get("user");
  if (user) await enforceRateLimit(db, "contactMember", user.id);
  const id = await storeContactMessage(db, body, clientAddressOf(c.req.raw.headers));
  // The per-address window slides (the check is part of the insert), so an hour is the safe wait.
  if (!id) throw tooManyRequests(rateLimitMessage("contactAddress"), 3600);
  return c.json({ id }, 201);
});

import { Hono } from "hono";
import { contactBody, CONTACT_LIMIT } from "../contract/contact";
import { clientAddressOf, storeContactMessage } from "../domain/contact";
import type { AppEnv } from "../http/app-env";
import { tooManyRequests } from "../http/errors";
import { parseJsonBody } from "../http/validate";

export const contactApi = new Hono<AppEnv>().post("/contact", async (c) => {
  const body = await parseJsonBody(c, contactBody);
  const id = await storeContactMessage(c.get("db"), body, clientAddressOf(c.req.raw.headers));
  if (!id) {
    c.header("Retry-After", "3600");
    throw tooManyRequests(`You can send at most ${CONTACT_LIMIT} messages an hour. Please try again later.`);
  }
  return c.json({ id }, 201);
});

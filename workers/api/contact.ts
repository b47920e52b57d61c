import { createRoute } from "@hono/zod-openapi";
import { contactBody, contactReceipt } from "../contract/contact";
import { clientAddressOf, sendContactMessage } from "../domain/contact";
import { limitText } from "../domain/rate-limit-rules";
import { PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const sendContactRoute = createRoute({
  method: "post",
  path: "/contact",
  summary: `Sends a message to the operators (stored in D1). At most ${limitText("contactAddress")} per client address, and ${limitText("contactMember")} per member when signed in.`,
  security: PUBLIC,
  request: { body: jsonBody(contactBody) },
  responses: {
    201: jsonResponse(contactReceipt, "Stored"),
    ...errors([400, "A field is blank, too long, or the e-mail is invalid"], [429, "Too many messages from this address or member"]),
  },
});

export const contactApi = apiRouter().openapi(sendContactRoute, async (c) =>
  c.json(await sendContactMessage(c.get("db"), c.req.valid("json"), clientAddressOf(c.req.raw.headers), c.get("user")), 201),
);

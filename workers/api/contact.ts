import { createRoute } from "@hono/zod-openapi";
import { CONTACT_LIMIT, contactBody, contactReceipt } from "../contract/contact";
import { clientAddressOf, sendContactMessage } from "../domain/contact";
import { PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const sendContactRoute = createRoute({
  method: "post",
  path: "/contact",
  summary: `Sends a message to the operators (stored in D1). At most ${CONTACT_LIMIT} an hour per client address.`,
  security: PUBLIC,
  request: { body: jsonBody(contactBody) },
  responses: {
    201: jsonResponse(contactReceipt, "Stored"),
    ...errors([400, "A field is blank, too long, or the e-mail is invalid"], [429, "Too many messages from this address"]),
  },
});

export const contactApi = apiRouter().openapi(sendContactRoute, async (c) =>
  c.json(await sendContactMessage(c.get("db"), c.req.valid("json"), clientAddressOf(c.req.raw.headers)), 201),
);

import { createRoute } from "@hono/zod-openapi";
import { contactBody, contactReceipt } from "../contract/contact";
import { CONTACT_HONEYPOT } from "../contract/contact-options";
import { clientAddressOf, sendContactMessage } from "../domain/contact";
import { limitText } from "../domain/rate-limit-rules";
import { PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const sendContactRoute = createRoute({
  method: "post",
  path: "/contact",
  summary: `Sends a message to the operators (stored in D1). At most ${limitText("contactSender")}, ${limitText("contactMember")} per member when signed in, and ${limitText("contactNetwork")} (client address). A filled \`${CONTACT_HONEYPOT}\` field (the bots' trap) is answered 201 and stored nowhere.`,
  security: PUBLIC,
  request: { body: jsonBody(contactBody) },
  responses: {
    201: jsonResponse(contactReceipt, "Stored"),
    ...errors(
      [400, "A field is blank, too long, or the e-mail is invalid"],
      [429, "Too many messages from this e-mail address, member or network"],
    ),
  },
});

export const contactApi = apiRouter().openapi(sendContactRoute, async (c) =>
  c.json(await sendContactMessage(c.get("db"), c.req.valid("json"), clientAddressOf(c.req.raw.headers), c.get("user")), 201),
);

import { createRoute } from "@hono/zod-openapi";
import { healthReport } from "../contract/health";
import { clientAddressOf } from "../domain/contact";
import { devLoginEnabled } from "../auth/dev-login";
import { checkHealth } from "../domain/operations/health";
import { limitText } from "../domain/rate-limit-rules";
import { PUBLIC, apiRouter, errors, jsonResponse } from "./openapi-kit";

/** Monitors may cache an answer this long: a few seconds of staleness costs nothing, a stampede of checks costs D1. */
const HEALTH_MAX_AGE_SECONDS = 5;

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: `Whether the service is up: the deployed version, whether D1 answers (and its newest migration), and which optional services are configured (sign-in providers, the video relay, the card service's host, the webhook queue, e-mail, Discord interactions), each off one with what members lose. Never a secret or an id. No sign-in; at most ${limitText("health")} per client address; cacheable for ${HEALTH_MAX_AGE_SECONDS} seconds.`,
  security: PUBLIC,
  responses: {
    200: jsonResponse(healthReport, "Up: the Worker answers and D1 is reachable"),
    503: jsonResponse(healthReport, "Down: D1 does not answer (the rest of the report still says what is configured)"),
    ...errors([429, `More than ${limitText("health")} from one client address`]),
  },
});

export const healthApi = apiRouter().openapi(healthRoute, async (c) => {
  const report = await checkHealth(c.env, c.get("db"), clientAddressOf(c.req.raw.headers), devLoginEnabled(c.env, c.req.url));
  c.header("Cache-Control", `public, max-age=${HEALTH_MAX_AGE_SECONDS}`);
  return c.json(report, report.ok ? 200 : 503);
});

import { z } from "../lib/zod";
import {
  MAX_TOKENS_PER_MEMBER,
  accessTokenIdParam,
  accessTokenResponse,
  createAccessTokenBody,
  createdAccessTokenResponse,
} from "../contract/access-tokens";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../domain/access-tokens";
import { limitText } from "../domain/rate-limit-rules";
import { requireUser } from "../http/require-user";
import { apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";
import { memberRoute } from "./route-guards";

/**
 * Personal access tokens (issue 27). Managed with the session cookie only: no
 * route here is in TOKEN_ROUTE_SCOPES, so a token cannot list, mint or revoke
 * tokens (403).
 */

const COOKIE_ONLY = [403, "Sent with an API token: tokens are managed with the session cookie only"] as const;

const listRoute = memberRoute({
  method: "get",
  path: "/tokens",
  summary: `The member's API tokens, newest first (at most ${MAX_TOKENS_PER_MEMBER}): name, prefix, scopes, created, last used, expiry. Never the token itself.`,
  responses: { 200: jsonResponse(z.array(accessTokenResponse), "Your tokens"), ...errors([401, "Signed out"], COOKIE_ONLY) },
});

const createRoute = memberRoute({
  method: "post",
  path: "/tokens",
  summary: `Creates an API token with the chosen scopes and expiry (none, 30, 90 or 365 days). The answer holds the token itself, shown this once: only its SHA-256 hash is stored. At most ${MAX_TOKENS_PER_MEMBER} per member.`,
  request: { body: jsonBody(createAccessTokenBody) },
  responses: {
    201: jsonResponse(createdAccessTokenResponse, "The new token, with its secret"),
    ...errors(
      [400, "Invalid name, scopes or expiry"],
      [401, "Signed out"],
      COOKIE_ONLY,
      [409, `Already ${MAX_TOKENS_PER_MEMBER} tokens`],
      [429, `More than ${limitText("accessTokenCreate")}`],
    ),
  },
});

const revokeRoute = memberRoute({
  method: "delete",
  path: "/tokens/{id}",
  summary: "Revokes (deletes) one of the member's tokens; its next request answers 401.",
  request: { params: accessTokenIdParam },
  responses: { 204: { description: "Revoked" }, ...errors([401, "Signed out"], COOKIE_ONLY, [404, "No such token of yours"]) },
});

export const accessTokensApi = apiRouter()
  .openapi(listRoute, async (c) => c.json(await listAccessTokens(c.get("db"), requireUser(c).id), 200))
  .openapi(createRoute, async (c) => c.json(await createAccessToken(c.get("db"), requireUser(c).id, c.req.valid("json")), 201))
  .openapi(revokeRoute, async (c) => {
    await revokeAccessToken(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.body(null, 204);
  });

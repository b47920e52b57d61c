import type { Context } from "hono";
import { sessionIdFromRequest, sessionKey } from "./auth/session";
import { INBOX_SESSION_HEADER, INBOX_USER_HEADER } from "./contract/inbox";
import { forbidden, unauthorized } from "./domain/errors";
import type { AppEnv } from "./http/app-env";
import { HttpError } from "./http/errors";
import { isSameOrigin } from "./http/security";

/**
 * The inbox socket (workers/contract/inbox.ts): authenticates the member by their session cookie, checks the page is
 * ours, then hands the upgrade to the member's own MemberInbox with who they are and the session's key (sign-out ends
 * that session's sockets). Nothing from the client's request reaches the inbox but the upgrade itself.
 */
export async function handleInboxSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, "Expected a WebSocket upgrade");
  const user = c.get("user");
  const cookieSession = sessionIdFromRequest(c);
  if (!user || !cookieSession) throw unauthorized();
  // Browsers send Origin on every socket upgrade: another site's page must not open a socket with our cookie.
  if (!isSameOrigin(c.req.raw)) throw forbidden("Cross-origin socket refused");
  const headers = new Headers({
    Upgrade: "websocket",
    [INBOX_USER_HEADER]: user.id,
    [INBOX_SESSION_HEADER]: await sessionKey(cookieSession),
  });
  const inbox = c.env.MemberInbox.get(c.env.MemberInbox.idFromName(user.id));
  return inbox.fetch(new Request(new URL(c.req.url).origin + "/inbox", { headers, method: "GET" }));
}

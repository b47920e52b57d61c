import { DurableObject } from "cloudflare:workers";
import {
  INBOX_CLOSE,
  INBOX_PING,
  INBOX_PONG,
  INBOX_RING,
  INBOX_SESSION_HEADER,
  INBOX_SOCKETS_PER_MEMBER,
  INBOX_USER_HEADER,
} from "../workers/contract/inbox";

/**
 * What each socket carries through hibernation: whose it is, the session it was opened with, when it opened (the
 * runtime lists sockets in no promised order) and when its session was last checked.
 */
type Attachment = { userId: string; sessionKey: string; openedAt: number; checkedAt: number };

/** A socket's session is read again from the session store when a ring finds it older than this. */
const SESSION_RECHECK_MS = 60_000;

/**
 * One member's inbox (workers/contract/inbox.ts): the sockets of their open pages, and a ring that tells them a
 * notification was just written. It holds no state of its own beyond the sockets, which it keeps through the
 * WebSocket Hibernation API: between rings it is evicted from memory and costs nothing, and the pages' keep-alive
 * pings are answered by the runtime (setWebSocketAutoResponse) without waking it. No alarm, no timer, no storage.
 *
 * Abstract: the Worker supplies how sessions are stored (`sessionOwner`, workers/app.ts), as for the GameRoom.
 */
export abstract class MemberInbox extends DurableObject<Env> {
  protected abstract sessionOwner(sessionKey: string): Promise<string | null>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(INBOX_PING, INBOX_PONG));
  }

  /** The upgrade the Worker forwards (workers/inbox-socket.ts), with the member and session it authenticated. */
  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(INBOX_USER_HEADER);
    const sessionKey = request.headers.get(INBOX_SESSION_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId || !sessionKey) {
      return new Response("Expected a WebSocket upgrade from the Worker", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [sessionKey]);
    const now = Date.now();
    server.serializeAttachment({ userId, sessionKey, openedAt: now, checkedAt: now } satisfies Attachment);
    // A member with more open pages than the cap keeps the newest: the oldest close (they may open again).
    const opened = (socket: WebSocket) => (socket.deserializeAttachment() as Attachment | null)?.openedAt ?? 0;
    const sockets = this.ctx.getWebSockets().sort((a, b) => opened(a) - opened(b));
    for (const old of sockets.slice(0, Math.max(0, sockets.length - INBOX_SOCKETS_PER_MEMBER))) {
      old.close(INBOX_CLOSE.replaced, "Too many open pages");
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A notification was just written for the member: every open page hears it. A socket whose session ended (checked at
   * most once a minute per socket, in the session store) is closed instead. Returns how many pages were told.
   */
  async ring(): Promise<number> {
    let told = 0;
    const now = Date.now();
    await Promise.all(
      this.ctx.getWebSockets().map(async (socket) => {
        const attachment = socket.deserializeAttachment() as Attachment | null;
        if (!attachment) return;
        if (now - attachment.checkedAt > SESSION_RECHECK_MS) {
          if ((await this.sessionOwner(attachment.sessionKey)) !== attachment.userId) {
            socket.close(INBOX_CLOSE.signedOut, "Signed out");
            return;
          }
          socket.serializeAttachment({ ...attachment, checkedAt: now } satisfies Attachment);
        }
        try {
          socket.send(INBOX_RING);
          told += 1;
        } catch {
          // Closing already: the page reconnects if it is still there.
        }
      }),
    );
    return told;
  }

  /** Sign-out: the sockets opened with that session close; the member's other sessions keep theirs. */
  async endSession(sessionKey: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(sessionKey)) socket.close(INBOX_CLOSE.signedOut, "Signed out");
  }

  /** Account deletion: every socket closes. */
  async endAll(): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) socket.close(INBOX_CLOSE.signedOut, "Signed out");
  }

  /** Pages send nothing but the keep-alive ping, which the runtime answers; anything else is ignored. */
  webSocketMessage(): void {}

  webSocketClose(socket: WebSocket, code: number): void {
    // Completes the close handshake the page began (1005 "no code" cannot be sent back).
    try {
      socket.close(code === 1005 ? 1000 : code, "Closed");
    } catch {
      // Already closed.
    }
  }
}

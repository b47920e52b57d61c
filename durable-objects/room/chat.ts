import { CHAT_MAX_CHARS, type ChatMessage, type SharedCard } from "../../workers/contract/room/protocol";
import type { StoredMember } from "./room-sqlite";
import type { RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";

/** Who a chat line is from: a member, or the room itself. */
export type Sender = Pick<StoredMember, "userId" | "firstName" | "avatar">;

/** The sender of chat lines the room writes itself (a skipped turn, the first player). */
export const ROOM_SENDER = { userId: "room", firstName: "Table", avatar: null } as const;

/**
 * Why a member's chat line is refused, or the text to post. Decision
 * (docs/decisions/2026-11-22-room-spectators.md): chat is the table's;
 * spectators read it.
 */
export function chatLine(role: StoredMember["role"], content: string): { text: string } | { code: string; message: string } {
  if (role !== "player") return { code: "forbidden", message: "Spectators cannot chat" };
  const text = content.trim();
  if (text.length === 0 || text.length > CHAT_MAX_CHARS) {
    return { code: "bad_message", message: `Messages must be 1 to ${CHAT_MAX_CHARS} characters` };
  }
  return { text };
}

export function chatMessage(
  sender: Sender,
  content: string,
  type: ChatMessage["type"],
  id: string,
  at: Date,
  card?: SharedCard,
): ChatMessage {
  return {
    id,
    sender: { id: sender.userId, firstName: sender.firstName, profileImageUrl: sender.avatar },
    content,
    timestamp: at.toISOString(),
    type,
    ...(card ? { card } : {}),
  };
}

/** Sends a line to everyone and keeps it in the history (a `card` line carries the card shown). */
export function postMessage(
  ctx: Pick<RoomContext, "roomState" | "sockets">,
  sender: Sender,
  content: string,
  type: ChatMessage["type"],
  card?: SharedCard,
) {
  const message = chatMessage(sender, content, type, crypto.randomUUID(), new Date(), card);
  // Sent before it is stored: a storage write closes the output gate, which would hold every socket's copy
  // until the write is durable. A write that fails only costs the message its place in the history.
  ctx.sockets.broadcast({ type: "message", message });
  ctx.roomState.appendChat(message);
}

/** A member's `message` frame. */
export function chat(
  ctx: Pick<RoomContext, "roomState" | "sockets">,
  connection: RoomConnection,
  member: StoredMember,
  content: string,
): void {
  const line = chatLine(member.role, content);
  if ("code" in line) return fail(connection, line.code, line.message);
  postMessage(ctx, member, line.text, "chat");
}

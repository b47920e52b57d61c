import { CHAT_MAX_CHARS, MAX_FRAME_BYTES, type ClientFrame } from "../../workers/contract/room/protocol";
import { textProblem } from "../../workers/contract/text";

/** The keys a chat frame may carry that this fast path knows (`user` is left to the schema). */
const CHAT_KEYS = new Set(["type", "sessionId", "content"]);

/**
 * A chat frame the protocol's schema would accept, read without the schema: most of a busy room's inbound
 * frames are chat, and the schema (zod, jitless in the Workers runtime) was the largest part of a chat frame's
 * own work after the sends and the storage write (bench/room-fanout.mjs --profile). Only frames that are
 * certainly valid are answered here (the page's own `{"type":"message","sessionId":..,"content":..}` with
 * acceptable text); anything else, null, goes to `parseClientFrame`, so every refusal is the schema's own.
 * room/chat-frame.test.ts checks the two agree.
 */
export function fastChatFrame(raw: unknown): Extract<ClientFrame, { type: "message" }> | null {
  // Short enough never to be too large, and written the way the page writes it (JSON.stringify, type first).
  if (typeof raw !== "string" || raw.length * 3 > MAX_FRAME_BYTES || !raw.startsWith('{"type":"message"')) return null;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null || Array.isArray(json) || json.type !== "message") return null;
  for (const key of Object.keys(json)) if (!CHAT_KEYS.has(key)) return null;
  const { sessionId, content } = json;
  if (sessionId !== undefined && (typeof sessionId !== "string" || sessionId.length < 1 || sessionId.length > 100)) return null;
  if (typeof content !== "string" || content.length > CHAT_MAX_CHARS * 2 || textProblem(content, "multi-line") !== null) return null;
  return sessionId === undefined ? { type: "message", content } : { type: "message", sessionId, content };
}

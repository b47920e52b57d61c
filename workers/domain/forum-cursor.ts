/**
 * Opaque keyset cursors for the forum lists, and the LIKE pattern of a search.
 * Pure: no I/O, unit-tested beside this file.
 */

/** Position of the last post of a page in (isPinned DESC, createdAt DESC, id DESC) order. */
export type PostCursor = { pinned: 0 | 1; createdAt: number; id: string };
/** Position of the last reply of a page in (createdAt ASC, id ASC) order. */
export type ReplyCursor = { createdAt: number; id: string };

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

function decodeTuple(value: string): unknown[] | null {
  const text = fromBase64Url(value);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const isTimestamp = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 64;

export function encodePostCursor(c: PostCursor): string {
  return toBase64Url(JSON.stringify([c.pinned, c.createdAt, c.id]));
}

/** The cursor, or null when the value was not made by `encodePostCursor`. */
export function decodePostCursor(value: string): PostCursor | null {
  const t = decodeTuple(value);
  if (!t || t.length !== 3) return null;
  const [pinned, createdAt, id] = t;
  if ((pinned !== 0 && pinned !== 1) || !isTimestamp(createdAt) || !isId(id)) return null;
  return { pinned, createdAt, id };
}

export function encodeReplyCursor(c: ReplyCursor): string {
  return toBase64Url(JSON.stringify([c.createdAt, c.id]));
}

export function decodeReplyCursor(value: string): ReplyCursor | null {
  const t = decodeTuple(value);
  if (!t || t.length !== 2) return null;
  const [createdAt, id] = t;
  if (!isTimestamp(createdAt) || !isId(id)) return null;
  return { createdAt, id };
}

/** `%term%` for `LIKE ... ESCAPE '\'`, with the member's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

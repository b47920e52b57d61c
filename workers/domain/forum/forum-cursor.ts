/**
 * The forum lists' cursor keys (encoded by the one codec in ./cursor) and the
 * LIKE pattern of a search. Pure: no I/O, unit-tested beside this file.
 */
import { z } from "../../lib/zod";
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor, timeIdKey } from "../cursor";

/** Position of the last post of a page in (isPinned DESC, createdAt DESC, id DESC) order. */
export type PostCursor = { pinned: 0 | 1; createdAt: number; id: string };
/** Position of the last reply of a page in (createdAt ASC, id ASC) order. */
export type ReplyCursor = { createdAt: number; id: string };

const postKey = z.tuple([z.union([z.literal(0), z.literal(1)]), cursorTimestamp, cursorId]);

export const encodePostCursor = (c: PostCursor) => encodeCursor([c.pinned, c.createdAt, c.id]);

/** The cursor, or null when the value was not made by `encodePostCursor`. */
export function decodePostCursor(value: string): PostCursor | null {
  const key = decodeCursor(value, postKey);
  return key && { pinned: key[0], createdAt: key[1], id: key[2] };
}

export const encodeReplyCursor = (c: ReplyCursor) => encodeCursor([c.createdAt, c.id]);

export function decodeReplyCursor(value: string): ReplyCursor | null {
  const key = decodeCursor(value, timeIdKey);
  return key && { createdAt: key[0], id: key[1] };
}

/** `%term%` for `LIKE ... ESCAPE '\'`, with the member's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

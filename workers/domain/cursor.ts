import { z } from "../lib/zod";
import { base64UrlToText, textToBase64Url } from "../lib/base64url";

/**
 * The one page-cursor codec: a cursor is the sort key of the last row of a page
 * (e.g. [createdAt, id]) as base64url JSON, opaque to clients. Each list
 * decodes it with the zod tuple of its own key, so a cursor from another list
 * or a forged one is refused. Pure; unit-tested beside this file.
 */
export const cursorTimestamp = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const cursorId = z.string().min(1).max(64);
/** [createdAt or startsAt (epoch ms), id]: the key of most newest-first or by-start lists. */
export const timeIdKey = z.tuple([cursorTimestamp, cursorId]);

type Key = readonly (string | number)[];

export const encodeCursor = (key: Key): string => textToBase64Url(JSON.stringify(key));

/** The key, or null when `value` was not made by `encodeCursor` with this shape. */
export function decodeCursor<S extends z.ZodTuple>(value: string, shape: S): z.output<S> | null {
  const text = base64UrlToText(value);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = shape.safeParse(parsed);
  return result.success ? result.data : null;
}

/** Splits `limit + 1` fetched rows into the page and the cursor of the next one (null on the last page). */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => Key): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeCursor(keyOf(page[page.length - 1])) : null };
}

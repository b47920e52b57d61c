/**
 * Opaque cursor for newest-first keyset pagination on (created_at, id):
 * "<epoch ms>_<id>". The zod pattern below checks its shape at the boundary.
 */
export const KEYSET_CURSOR_PATTERN = /^\d{1,15}_[0-9a-f-]{1,64}$/i;

export function encodeKeysetCursor(row: { createdAt: number; id: string }): string {
  return `${row.createdAt}_${row.id}`;
}

export function decodeKeysetCursor(cursor: string): { createdAt: number; id: string } {
  const split = cursor.indexOf("_");
  return { createdAt: Number(cursor.slice(0, split)), id: cursor.slice(split + 1) };
}

/** Splits `limit + 1` fetched rows into the page and the cursor of the next one (null on the last page). */
export function pageOf<T extends { createdAt: number; id: string }>(rows: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeKeysetCursor(page[page.length - 1]) : null };
}

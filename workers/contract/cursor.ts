import { z } from "../lib/zod";

/** A list's `cursor` query parameter: the `nextCursor` of the previous page, opaque (workers/domain/cursor.ts). */
export const cursorParam = z.string().trim().min(1).max(512).describe("Opaque cursor: nextCursor of the previous page");

import type { RouteDoc } from "./route-doc";

// Request schemas of this area live in this file; list every route of workers/api/social.ts here.
export const socialRoutesDoc: RouteDoc[] = [];

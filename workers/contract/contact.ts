import type { RouteDoc } from "./route-doc";

// Request schemas of this area live in this file; list every route of workers/api/contact.ts here.
export const contactRoutesDoc: RouteDoc[] = [];

import type { RouteDoc } from "./route-doc";

// Request schemas of this area live in this file; list every route of workers/api/tournaments.ts here.
export const tournamentsRoutesDoc: RouteDoc[] = [];

import type { RouteDoc } from "./route-doc";

/** The whole documented /api contract, area by area. */
export const API_CONTRACT: RouteDoc[] = [];

import { profileRoutesDoc } from "./profile";
import type { RouteDoc } from "./route-doc";
import { settingsRoutesDoc } from "./settings";
import { tournamentsRoutesDoc } from "./tournaments";

/** The whole documented /api contract, area by area. */
export const API_CONTRACT: RouteDoc[] = [...tournamentsRoutesDoc, ...profileRoutesDoc, ...settingsRoutesDoc];

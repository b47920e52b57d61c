import { authRoutesDoc } from "./auth";
import { forumRoutesDoc } from "./forum";
import { notificationsRoutesDoc } from "./notifications";
import { profileRoutesDoc } from "./profile";
import type { RouteDoc } from "./route-doc";
import { settingsRoutesDoc } from "./settings";
import { socialRoutesDoc } from "./social";
import { tournamentsRoutesDoc } from "./tournaments";

/** The whole documented /api contract, area by area. */
export const API_CONTRACT: RouteDoc[] = [
  ...authRoutesDoc,
  ...forumRoutesDoc,
  ...tournamentsRoutesDoc,
  ...profileRoutesDoc,
  ...settingsRoutesDoc,
  ...notificationsRoutesDoc,
  ...socialRoutesDoc,
];

import { authRoutesDoc } from "./auth";
import { eventsRoutesDoc } from "./events";
import { forumRoutesDoc } from "./forum";
import { friendsRoutesDoc } from "./friends";
import { gameSessionsRoutesDoc } from "./game-sessions";
import { matchmakingRoutesDoc } from "./matchmaking";
import { notificationsRoutesDoc } from "./notifications";
import type { RouteDoc } from "./route-doc";
import { socialRoutesDoc } from "./social";

/** The whole documented /api contract, area by area. */
export const API_CONTRACT: RouteDoc[] = [
  ...authRoutesDoc,
  ...gameSessionsRoutesDoc,
  ...eventsRoutesDoc,
  ...forumRoutesDoc,
  ...matchmakingRoutesDoc,
  ...friendsRoutesDoc,
  ...notificationsRoutesDoc,
  ...socialRoutesDoc,
];

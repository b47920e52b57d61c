import { Hono } from "hono";
import { authRoutes } from "../auth/routes";
import type { AppEnv } from "../http/app-env";
import { notFound } from "../http/errors";
import { communitiesApi } from "./communities";
import { contactApi } from "./contact";
import { eventsApi } from "./events";
import { forumApi } from "./forum";
import { friendsApi } from "./friends";
import { gameSessionsApi } from "./game-sessions";
import { matchmakingApi } from "./matchmaking";
import { notificationsApi } from "./notifications";
import { profileApi } from "./profile";
import { referenceApi } from "./reference";
import { settingsApi } from "./settings";
import { socialApi } from "./social";
import { tournamentsApi } from "./tournaments";

/**
 * The /api REST contract. Each area router declares its full sub-paths
 * (e.g. `/friend-requests/:id/accept`), so areas never share a file.
 */
export const api = new Hono<AppEnv>()
  .route("/", authRoutes)
  .route("/", communitiesApi)
  .route("/", gameSessionsApi)
  .route("/", eventsApi)
  .route("/", forumApi)
  .route("/", contactApi)
  .route("/", matchmakingApi)
  .route("/", friendsApi)
  .route("/", tournamentsApi)
  .route("/", profileApi)
  .route("/", settingsApi)
  .route("/", notificationsApi)
  .route("/", socialApi)
  .route("/", referenceApi)
  .all("*", () => {
    throw notFound("No such API route");
  });

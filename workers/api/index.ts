import { createRoute, z } from "@hono/zod-openapi";
import { authRoutes } from "../auth/routes";
import { accessTokensApi } from "./access-tokens";
import { avatarsApi } from "./avatars";
import { cardsApi } from "./cards";
import { decksApi } from "./decks";
import { notFound } from "../domain/errors";
import { communitiesApi } from "./communities";
import { contactApi } from "./contact";
import { eventsApi } from "./events";
import { forumApi } from "./forum";
import { friendsApi } from "./friends";
import { gameResultsApi } from "./game-results";
import { gameSessionsApi } from "./game-sessions";
import { healthApi } from "./health";
import { matchmakingApi } from "./matchmaking";
import { moderationApi } from "./moderation";
import { notificationsApi } from "./notifications";
import { PUBLIC, apiRouter, declaresEveryStatus, jsonResponse } from "./openapi-kit";
import { documentBuilder, registerSecuritySchemes } from "./openapi-document";
import { profileApi } from "./profile";
import { responseContract } from "./response-contract";
import { settingsApi } from "./settings";
import { socialApi } from "./social";
import { tournamentsApi } from "./tournaments";

/**
 * The /api REST contract. Each area router declares its full sub-paths
 * (e.g. `/friend-requests/{id}/accept`), so areas never share a file. Every
 * route is declared once with `createRoute`; `/api/openapi.json` is generated
 * from those declarations.
 */
/** Where the API lives; declarations say their paths below it. */
export const API_BASE = "/api";

const base = declaresEveryStatus(apiRouter().basePath(API_BASE));

/** Every declared route (the OpenAPI registry lives here). */
export const apiDeclarations = base
  .route("/", authRoutes)
  .route("/", communitiesApi)
  .route("/", gameSessionsApi)
  .route("/", gameResultsApi)
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
  .route("/", avatarsApi)
  .route("/", cardsApi)
  .route("/", decksApi)
  .route("/", accessTokensApi)
  .route("/", moderationApi)
  .route("/", healthApi);
registerSecuritySchemes(apiDeclarations);

/** The API's OpenAPI 3.1 document (also rendered by the /api-docs page), built once from the route declarations. */
export const apiDocument = documentBuilder(apiDeclarations, API_BASE);

const openApiDocumentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This API as an OpenAPI 3.1 document, generated from the same route declarations the handlers use.",
  security: PUBLIC,
  responses: { 200: jsonResponse(z.looseObject({ openapi: z.string() }), "The OpenAPI document") },
});

export const api = apiDeclarations
  .openapi(openApiDocumentRoute, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(apiDocument(), 200);
  })
  .all("*", () => {
    throw notFound("No such API route");
  });

/** The response check of every declared route (CHECK_API_RESPONSES), registered first on the Worker's app. */
export const apiResponseContract = responseContract(apiDeclarations, API_BASE);

/** The API's type, for the typed browser client (`hc<ApiRoutes>`). */
export type ApiRoutes = typeof api;

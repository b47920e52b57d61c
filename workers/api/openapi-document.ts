import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env";

export const API_INFO = {
  title: "Realmcast API",
  version: "1.0.0",
  description:
    "JSON REST API of Realmcast. Errors are `{ message, issues? }`. State-changing calls need a same-origin Origin header and Content-Type application/json.",
};

/** Registers what every document shares: the session cookie scheme. */
export function registerSecuritySchemes(router: Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">): void {
  router.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "realmcast_session",
    description: "Session cookie set by /api/login",
  });
}

/** The OpenAPI 3.1 document of every route declared on `router`, built once per isolate. */
export function documentBuilder(router: Pick<OpenAPIHono<AppEnv>, "getOpenAPI31Document">) {
  let cached: ReturnType<typeof router.getOpenAPI31Document> | null = null;
  return () => (cached ??= router.getOpenAPI31Document({ openapi: "3.1.0", info: API_INFO, servers: [{ url: "/" }] }));
}
export type OpenApiDocument = ReturnType<ReturnType<typeof documentBuilder>>;

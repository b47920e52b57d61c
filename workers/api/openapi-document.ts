import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env";
import { scopeOfRoute } from "../contract/access-token-scopes";

export const API_INFO = {
  title: "Realmcast API",
  version: "1.0.0",
  description:
    "JSON REST API of Realmcast. Errors are `{ message, issues? }`. State-changing calls need a same-origin Origin header and Content-Type application/json.",
};

/** Registers what every document shares: the session cookie scheme and the API token scheme. */
export function registerSecuritySchemes(router: Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">): void {
  router.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "realmcast_session",
    description: "Session cookie set by /api/login",
  });
  router.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A personal access token (`rc_pat_...`) created in Settings, API tokens. Only operations listing this scheme accept one, each with the scope named in its security requirement and description; every other route answers 403. A request sends a token or the session cookie, never both (400).",
  });
}

type Operation = { description?: string; security?: Record<string, string[]>[] };

/**
 * Adds the token scheme to the operations that accept a token (the table in
 * workers/contract/access-tokens.ts, the same one the auth middleware reads),
 * with the scope each needs: a public route becomes "anonymous or token", a
 * member route "cookie or token".
 */
function withTokenSecurity<D extends { paths?: Record<string, unknown> }>(doc: D, basePath: string): D {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const scope = scopeOfRoute(method, path.slice(basePath.length));
      if (!scope) continue;
      op.security = [...(op.security && op.security.length > 0 ? op.security : [{}]), { bearerAuth: [scope] }];
      op.description = [op.description, `Accepts an API token (Authorization: Bearer) with the \`${scope}\` scope.`]
        .filter(Boolean)
        .join(" ");
    }
  }
  return doc;
}

/** The OpenAPI 3.1 document of every route declared on `router`, built once per isolate. */
export function documentBuilder(router: Pick<OpenAPIHono<AppEnv>, "getOpenAPI31Document">, basePath: string) {
  let cached: ReturnType<typeof router.getOpenAPI31Document> | null = null;
  return () =>
    (cached ??= withTokenSecurity(router.getOpenAPI31Document({ openapi: "3.1.0", info: API_INFO, servers: [{ url: "/" }] }), basePath));
}
export type OpenApiDocument = ReturnType<ReturnType<typeof documentBuilder>>;

import type { z } from "zod";
import { API_BASE, apiDeclarations } from "../workers/api";
import { toColonPath } from "../workers/contract/api-reference";

/** One /api route as the suites iterate them: what the declaration says about it. */
export type DeclaredRoute = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Hono path syntax, e.g. `/api/game-sessions/:id/join`. */
  path: string;
  summary: string;
  auth: "public" | "member";
  body?: z.ZodType;
  query?: z.ZodType;
};

type RouteDefinition = {
  type: string;
  route: {
    method: DeclaredRoute["method"];
    path: string;
    summary?: string;
    security?: unknown[];
    request?: { body?: { content?: Record<string, { schema?: z.ZodType }> }; query?: z.ZodType };
  };
};

/** Every /api route, as its createRoute declaration says. */
export const DECLARED_ROUTES: DeclaredRoute[] = (apiDeclarations.openAPIRegistry.definitions as RouteDefinition[])
  .filter((d) => d.type === "route")
  .map(({ route }) => ({
    method: route.method,
    path: toColonPath(API_BASE + route.path),
    summary: route.summary ?? "",
    auth: route.security && route.security.length > 0 ? "member" : "public",
    body: route.request?.body?.content?.["application/json"]?.schema,
    query: route.request?.query,
  }));

/** One operation of the served OpenAPI document, by method and Hono-style path. */
export async function documentedOperation(method: DeclaredRoute["method"], path: string) {
  const { request, json } = await import("./helpers");
  const doc = await json(await request("/api/openapi.json"));
  return doc.paths[path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}")]?.[method] as
    { summary: string; responses: Record<string, { description: string }> } | undefined;
}

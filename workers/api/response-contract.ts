import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../http/app-env";
import { currentLogger } from "../lib/logger";

type RouteDefinition = {
  type: string;
  route: { method: string; path: string; responses?: Record<string, { content?: Record<string, { schema?: z.ZodType }> }> };
};

/**
 * Checks real responses against their declarations: when CHECK_API_RESPONSES is
 * "true" (the test suites set it), every successful response of a declared route
 * must use a declared status and, when JSON, parse with the declared schema; a
 * mismatch is logged at error level, which fails the test that caused it (test/setup.ts).
 * Production never pays for it.
 */
export function responseContract(router: Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">, basePath: string): MiddlewareHandler<AppEnv> {
  let declared: Map<string, RouteDefinition["route"]> | null = null;
  const routeOf = (method: string, honoPath: string) => {
    declared ??= new Map(
      (router.openAPIRegistry.definitions as RouteDefinition[])
        .filter((d) => d.type === "route")
        .map(({ route }) => [`${route.method.toUpperCase()} ${basePath}${route.path.replace(/\{(\w+)\}/g, ":$1")}`, route]),
    );
    return declared.get(`${method} ${honoPath}`);
  };
  return async (c, next) => {
    await next();
    if (c.env.CHECK_API_RESPONSES !== "true" || c.res.status >= 400) return;
    const route = routeOf(c.req.method, c.req.routePath);
    if (!route) return;
    const where = `${c.req.method} ${c.req.routePath} → ${c.res.status}`;
    const declaredResponse = route.responses?.[String(c.res.status)];
    if (!declaredResponse) {
      currentLogger().error(`Undeclared response status: ${where}`);
      return;
    }
    const schema = declaredResponse.content?.["application/json"]?.schema;
    if (!schema || !(c.res.headers.get("Content-Type") ?? "").includes("json")) return;
    const result = schema.safeParse(await c.res.clone().json());
    if (!result.success)
      currentLogger().error(`Response does not match its declared schema: ${where}`, { issues: result.error.issues.slice(0, 5) });
  };
}

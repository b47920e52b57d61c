import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import type { AppEnv } from "../http/app-env";
import { currentLogger } from "../lib/logger";

type RouteDefinition = {
  type: string;
  route: { method: string; path: string; responses?: Record<string, { content?: Record<string, { schema?: z.ZodType }> }> };
};

/**
 * Checks real responses against their declarations: when CHECK_API_RESPONSES is "true" (the test suites set it),
 * EVERY response of a declared route, success or error, must use a status its declaration names (its own
 * `responses` and the transport statuses openapi-kit.ts adds), and a JSON one must parse with the declared schema;
 * a mismatch is logged at error level, which fails the test that caused it (test/setup.ts). Registered first on the Worker's
 * app (workers/app.ts), so it also sees the answers of the shared layers (the Origin rule, the body cap, token
 * checks) and not only the handler's. A 500 is a bug, never declared: it is logged as one already. Production
 * never pays for it.
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
    if (c.env.CHECK_API_RESPONSES !== "true" || c.res.status === 500) return;
    // The route Hono dispatched to: the first match bound to a method (middleware and catch-alls are bound to ALL).
    const matched = matchedRoutes(c).find((r) => r.method !== "ALL");
    const route = matched && routeOf(matched.method, matched.path);
    if (!matched || !route) return;
    const where = `${matched.method} ${matched.path} → ${c.res.status}`;
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

import { createRoute, type Hook, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { notFound } from "../domain/errors";
import type { AppEnv } from "../http/app-env";
import { memberOnly } from "../http/require-user";
import { MEMBER_ONLY, validationHook } from "./openapi-kit";

/** `createRoute` for a member-only route: documented with the session cookie, refused (401) to visitors. */
export const memberRoute = <P extends string, R extends Omit<RouteConfig, "path" | "security" | "middleware"> & { path: P }>(config: R) =>
  createRoute({ ...config, security: MEMBER_ONLY, middleware: memberOnly });

/**
 * A route's validation hook for a path parameter that names something from a
 * fixed list (a provider, a platform): a value outside it is a missing resource
 * (404 with `message`), not a bad request. Other input fails as usual (400).
 */
export const missingUnlessKnownParam =
  (message: string) =>
  <T, P extends string>(result: Parameters<Hook<T, AppEnv, P, undefined>>[0], c: Context<AppEnv, P>): undefined => {
    if (!result.success && result.target === "param") throw notFound(message);
    validationHook(result, c);
    return undefined;
  };

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { requireUser } from "./require-user";

/**
 * Route middleware of member-only /api declarations (`middleware: memberOnly`).
 * A declaration's middleware runs before its request validators, so a visitor
 * gets the 401 whatever the body says, and never a 400 that tells them more.
 */
export const memberOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

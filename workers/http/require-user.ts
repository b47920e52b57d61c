import type { Context, MiddlewareHandler } from "hono";
import type { User } from "../db/schema";
import type { AppEnv } from "./app-env";
import { unauthorized } from "../domain/errors";

/** The signed-in member, or a 401 `{ message: "Unauthorized" }`. */
export function requireUser(c: Context<AppEnv>): User {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

/**
 * Route middleware of member-only declarations (`middleware: memberOnly`): a
 * visitor gets the 401 before the request is validated, so a signed-out call
 * with a bad body still answers 401, not 400.
 */
export const memberOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

import type { Context } from "hono";
import type { User } from "../db/schema";
import type { AppEnv } from "./app-env";
import { unauthorized } from "../domain/errors";

/** The signed-in member, or a 401 `{ message: "Unauthorized" }`. */
export function requireUser(c: Context<AppEnv>): User {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

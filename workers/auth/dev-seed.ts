import { Hono } from "hono";
import { z } from "../lib/zod";
import { conflict, notFound } from "../domain/errors";
import { createNotifications, NOTIFICATION_TYPES } from "../domain/notifications";
import { linkDiscordIdentity } from "../domain/discord/discord-guilds";
import { nameSiteAdmin } from "../domain/moderation/site-admins";
import { snowflake } from "../contract/discord";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../http/require-user";
import { parseJsonBody } from "../http/validate";
import { devLoginEnabled } from "./dev-login";

/**
 * Test data the product cannot make by itself, for the browser tests: notifications dated minutes, hours or days
 * ago. It writes through the Worker (never into the D1 file from outside, which made a concurrent query fail with
 * SQLITE_BUSY), for the signed-in member only, and exists only where the dev sign-in does (AUTH_DEV_LOGIN and a
 * loopback host): anyone who can reach it can already sign in as anyone. Not part of the /api contract.
 */
const seedNotifications = z.strictObject({
  notifications: z
    .array(
      z.strictObject({
        type: z.enum(NOTIFICATION_TYPES),
        title: z.string().min(1).max(120),
        message: z.string().min(1).max(500),
        actionUrl: z.string().startsWith("/").max(200).nullable().default(null),
        minutesAgo: z
          .number()
          .int()
          .min(0)
          .max(60 * 24 * 400),
      }),
    )
    .min(1)
    .max(10),
});

/** Links a Discord identity to the signed-in member, as signing in with Discord does (no Discord sign-in locally). */
const seedDiscordIdentity = z.strictObject({ discordUserId: snowflake });

export const devSeed = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!devLoginEnabled(c.env, c.req.url)) throw notFound();
    await next();
  })
  .post("/notifications", async (c) => {
    const user = requireUser(c);
    const { notifications } = await parseJsonBody(c, seedNotifications);
    const now = Date.now();
    await createNotifications(
      c.get("db"),
      notifications.map((n) => ({
        userId: user.id,
        type: n.type,
        title: n.title,
        message: n.message,
        actionUrl: n.actionUrl,
        createdAt: now - n.minutesAgo * 60_000,
      })),
    );
    return c.body(null, 204);
  })
  .post("/discord-identity", async (c) => {
    const user = requireUser(c);
    const { discordUserId } = await parseJsonBody(c, seedDiscordIdentity);
    if (!(await linkDiscordIdentity(c.get("db"), user.id, discordUserId)))
      throw conflict("That Discord identity belongs to another member");
    return c.body(null, 204);
  })
  // What `npm run admin:grant` does (scripts/admin-grant.mjs, tested on its own in scripts/admin-grant.test.ts), but
  // through the Worker: the script's `wrangler d1 execute` opens the D1 file beside the running server, and another
  // browser test's request meanwhile failed with SQLITE_BUSY ("database is locked").
  .post("/site-admin", async (c) => {
    const user = requireUser(c);
    await nameSiteAdmin(c.get("db"), user.id, "dev seed");
    return c.body(null, 204);
  });

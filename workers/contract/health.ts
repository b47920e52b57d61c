import { z } from "../lib/zod";

const service = z.object({
  configured: z.boolean(),
  without: z.string().optional().meta({ description: "What members lose while it is off (only when it is off)" }),
});

/** GET /api/health: is the Worker up, can it reach D1, which optional services are on. Never a secret or an id. */
export const healthReport = z
  .object({
    ok: z.boolean().meta({ description: "The Worker answers and D1 is reachable" }),
    version: z
      .object({
        id: z.string().meta({ description: "The Worker version's id (wrangler versions list)" }),
        tag: z.string().nullable().meta({ description: "The tag `npm run deploy` gave it: the commit it was built from" }),
        deployedAt: z.string().nullable(),
      })
      .nullable()
      .meta({ description: "null when the runtime does not say (local runs)" }),
    database: z.object({
      reachable: z.boolean(),
      latestMigration: z.string().nullable().meta({ description: "The newest applied D1 migration's file name" }),
    }),
    services: z.object({
      signIn: service.meta({ description: "At least one sign-in provider" }),
      discord: service,
      twitch: service,
      google: service,
      turn: service.meta({ description: "The video relay (Cloudflare Realtime TURN)" }),
      cardService: service.extend({
        host: z.string().nullable().meta({ description: "The card service's host, nothing more of its URL" }),
      }),
      webhookQueue: service,
      cardKeypointsQueue: service.meta({
        description: "The queue that makes a table's card keypoints past what one deck warm-up makes (issue 36)",
      }),
      cardPoolKeypointsQueue: service.meta({
        description: "The queue that makes the whole card pool's keypoints ahead, after each build of the pool's index (issue 36)",
      }),
      email: service,
      discordInteractions: service,
    }),
  })
  .meta({ id: "Health" });
export type HealthReport = z.infer<typeof healthReport>;

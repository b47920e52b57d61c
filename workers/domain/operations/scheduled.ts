import { getDb } from "../../db/client";
import { scheduledCardPool } from "../cards/card-pool";
import { runHousekeeping } from "./housekeeping";
import { markDuePosts } from "../social";
import { sweepStaleTables } from "../discord/discord-table-flow";
import { discordConfig, discordRest } from "../../services/discord-rest";

/**
 * Work done by the Worker's Cron Trigger (every minute). Each area adds its
 * periodic job here (e.g. social post reminders) so there is one entry point.
 */
export async function runScheduledJobs(env: Env, now = Date.now()): Promise<void> {
  await markDuePosts(env.DB, now);
  await runHousekeeping(env, getDb(env.DB), now);
  await scheduledCardPool(env, getDb(env.DB), now);
  const discord = discordConfig(env);
  if (discord) await sweepStaleTables({ db: getDb(env.DB), rest: discordRest(discord), origin: discord.origin, now });
}

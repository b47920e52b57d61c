import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../workers/app";
import { getDb } from "../workers/db/client";
import { putPrintings } from "../workers/domain/cards/card-printings";

/** A printing whose pictures are at `origin` (its id unknown to the fake card service), stored as a deck's would be. */
export async function printingAt(origin: string): Promise<string> {
  const id = crypto.randomUUID();
  const picture = (size: string) => `${origin}/images/${size}/front/${id[0]}/${id[1]}/${id}.jpg`;
  await putPrintings(
    getDb(env.DB),
    [
      {
        id,
        name: `Nowhere ${id.slice(0, 6)}`,
        manaCost: "",
        typeLine: "Artifact",
        oracleText: "",
        colors: [],
        imageUrl: picture("normal"),
        artUrl: picture("art_crop"),
        smallImageUrl: picture("small"),
        scryfallUri: "",
        set: "tst",
        collectorNumber: "1",
      },
    ],
    Date.now(),
  );
  return id;
}

/**
 * One cron run as the trigger makes it, with the whole-pool build switched on (wrangler.toml leaves it off for local
 * runs). `withPoolKeypoints: false` runs it as a Worker deployed without the pool's keypoints queue (health says so),
 * so a test file leaves no queue work running into the next.
 */
export async function runPoolCron(scheduledTime: number, { withPoolKeypoints = true } = {}) {
  const ctx = createExecutionContext();
  // Env declares every binding; a Worker deployed without one runs as this.
  const without = withPoolKeypoints ? {} : { CARD_POOL_KEYPOINTS: undefined as unknown as Env["CARD_POOL_KEYPOINTS"] };
  await worker.scheduled(
    createScheduledController({ scheduledTime, cron: "* * * * *" }),
    { ...env, CARD_POOL_BUILD: "true", ...without },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/** Empties the whole-pool bucket (R2 is per test file; a test that builds the pool starts from nothing). */
export async function clearPoolBucket() {
  for (;;) {
    const listed = await env.CARD_POOL.list();
    if (listed.objects.length === 0) return;
    await env.CARD_POOL.delete(listed.objects.map((o) => o.key));
  }
}

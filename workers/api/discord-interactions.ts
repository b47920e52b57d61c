import { Hono } from "hono";
import { CALLBACK, discordInteraction, EPHEMERAL, type DiscordInteraction, type InteractionResponse } from "../contract/discord";
import type { Handled } from "../domain/discord/discord-answers";
import { privately } from "../domain/discord/discord-messages";
import { handleInteraction } from "../domain/discord/discord-interactions";
import type { AppEnv } from "../http/app-env";
import { bodyCap } from "../http/security";
import { discordConfig, discordRest, type DiscordRest } from "../services/discord-rest";
import { verifyDiscordSignature } from "./discord-signature";

/**
 * `POST /discord/interactions`, Realmcast's Discord app over HTTP (issue 39; Discord's "Interactions Endpoint
 * URL", no gateway connection). Mounted in workers/app.ts before the cookie and CSRF layers: Discord sends no
 * cookie and no `Origin`, and nothing here acts on a cookie; the request is Discord's only if its Ed25519
 * signature holds, which is checked on the raw body before anything else (401 and nothing done otherwise).
 * Without the app's three secrets the route answers 404 and nothing else changes.
 *
 * Discord waits 3 seconds for the answer. The work is raced against ANSWER_DEADLINE_MS: past it Discord gets a
 * deferred answer ("thinking…", or for a button an acknowledgement) and the answer is delivered by editing or
 * following up once the work is done, from `waitUntil`, followed by the work's own follow-ups.
 */

/** Time the work may take before the answer is deferred (Discord's window is 3 s; the rest is the network's). */
export const ANSWER_DEADLINE_MS = 2_500;

const late = Symbol("late");

function deadlineOf(env: Env): number {
  const configured = Number(env.DISCORD_ANSWER_DEADLINE_MS);
  return env.DISCORD_ANSWER_DEADLINE_MS !== undefined && Number.isFinite(configured) ? configured : ANSWER_DEADLINE_MS;
}

/** The answer that buys time: a private "thinking…" for a command, a silent acknowledgement for a button. */
const deferredAnswer = (interaction: DiscordInteraction): InteractionResponse =>
  interaction.type === 3 ? { type: CALLBACK.deferredUpdateMessage } : { type: CALLBACK.deferredChannelMessage, data: { flags: EPHEMERAL } };

/** Delivers an answer that missed the window, once the deferred one was sent. */
async function deliverLate(
  rest: DiscordRest,
  interaction: Exclude<DiscordInteraction, { type: 1 }>,
  response: InteractionResponse,
): Promise<void> {
  if (response.type === CALLBACK.updateMessage) await rest.editOriginal(interaction.token, response.data);
  else if (response.type === CALLBACK.channelMessage) {
    // After a deferred command the answer is the "thinking" message itself; after a button, a message of its own.
    if (interaction.type === 2) await rest.editOriginal(interaction.token, response.data);
    else await rest.followUp(interaction.token, response.data);
  }
}

export const discordInteractions = new Hono<AppEnv>().post("/interactions", bodyCap, async (c) => {
  const config = discordConfig(c.env);
  if (!config) return c.json({ message: "Not Found" }, 404);
  const log = c.get("log");
  const raw = new Uint8Array(await c.req.arrayBuffer());
  const checked = await verifyDiscordSignature(config.publicKey, c.req.raw.headers, raw);
  if (!checked.ok) {
    log.warn("Discord interaction refused", { reason: checked.reason });
    return c.json({ message: "invalid request signature" }, 401);
  }
  let parsed;
  try {
    parsed = discordInteraction.safeParse(JSON.parse(new TextDecoder().decode(raw)));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    log.warn("Discord interaction not understood", { issues: parsed?.error.issues.slice(0, 5) });
    return c.json({ message: "Interaction not understood" }, 400);
  }
  const interaction = parsed.data;
  // Discord's check of the endpoint (and its routine probes): answered at once, never deferred.
  if (interaction.type === 1) return c.json({ type: CALLBACK.pong });
  log.assign({
    discordInteraction: interaction.type,
    discordCommand: interaction.type === 2 ? interaction.data.name : undefined,
    guildId: interaction.guild_id,
  });
  const rest = discordRest(config);
  const failed = (error: unknown): Handled => {
    log.error("Discord interaction failed", { error });
    return { response: { type: CALLBACK.channelMessage, data: privately("Something went wrong on Realmcast's side. Please try again.") } };
  };
  const work = handleInteraction({ db: c.get("db"), rest, origin: config.origin, now: Date.now() }, interaction).catch(failed);
  const follow = (handled: Handled) =>
    handled.after?.().catch((error: unknown) => log.error("Discord follow-up failed", { error, discordInteraction: interaction.type }));
  const deadline = deadlineOf(c.env);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const first =
    deadline <= 0
      ? late
      : await Promise.race([work, new Promise<typeof late>((resolve) => (timer = setTimeout(() => resolve(late), deadline)))]);
  clearTimeout(timer);
  if (first !== late) {
    if (first.after) c.executionCtx.waitUntil(follow(first) ?? Promise.resolve());
    return c.json(first.response);
  }
  log.warn("Discord interaction answered late", { deadlineMs: deadline });
  c.executionCtx.waitUntil(
    work.then(async (handled) => {
      await deliverLate(rest, interaction, handled.response).catch((error: unknown) => log.error("Discord late answer failed", { error }));
      await follow(handled);
    }),
  );
  return c.json(deferredAnswer(interaction));
});

import type { TestProject } from "vitest/node";
import { startFakeCardService } from "../scripts/fakes/card-service.mjs";
import { startWebhookReceiver } from "../scripts/fakes/webhook-receiver.mjs";
import { startFakeDiscord } from "../scripts/fakes/discord.mjs";
import { FAKE_TURN_API_TOKEN, FAKE_TURN_KEY_ID, startFakeTurnService } from "../scripts/fakes/turn-service.mjs";

// Outside services the Worker calls run as small fakes on localhost for the whole run (nothing in the tests reaches
// the internet); each test file that needs one points the Worker's configuration at it.
declare module "vitest" {
  export interface ProvidedContext {
    turnService: { url: string; keyId: string; apiToken: string };
    /** The fake Scryfall (and image host, Archidekt) the Worker's card bindings point at. */
    cardService: { url: string; imageOrigin: string; archidektUrl: string };
    /** A bot's webhook endpoint (scripts/fakes/webhook-receiver.mjs): each test uses a path of its own. */
    webhookReceiver: { url: string };
    /** The fake Discord (scripts/fakes/discord.mjs) the Worker's Discord app talks to: its control base and application id. */
    discord: { url: string; applicationId: string };
  }
}

export default async function setup(project: TestProject) {
  const turn = await startFakeTurnService();
  project.provide("turnService", { url: turn.url, keyId: FAKE_TURN_KEY_ID, apiToken: FAKE_TURN_API_TOKEN });
  // On the port vitest.workers.config.ts chose, since the Worker's bindings (set before this runs) name it.
  const cards = await startFakeCardService({ port: Number(process.env.FAKE_CARD_SERVICE_PORT ?? 0) });
  project.provide("cardService", {
    url: cards.url,
    imageOrigin: cards.imageOrigin,
    archidektUrl: cards.archidektUrl,
  });
  const receiver = await startWebhookReceiver();
  project.provide("webhookReceiver", { url: receiver.url });
  // On the port and with the key pair vitest.workers.config.ts chose (the Worker's Discord bindings name them).
  const discord = await startFakeDiscord({
    port: Number(process.env.FAKE_DISCORD_PORT ?? 0),
    keys: process.env.FAKE_DISCORD_KEYS ? JSON.parse(process.env.FAKE_DISCORD_KEYS) : undefined,
  });
  project.provide("discord", { url: discord.url, applicationId: discord.applicationId });
  return async () => {
    await discord.close();
    await receiver.close();
    await turn.close();
    await cards.close();
  };
}

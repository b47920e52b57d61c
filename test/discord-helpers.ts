import { env, exports } from "cloudflare:workers";
import { afterAll, expect, inject, vi } from "vitest";
import { MANAGER_PERMISSIONS } from "../scripts/fakes/discord-shapes.mjs";
import type { FakeInteraction, FakeInteractionSpec } from "../scripts/fakes/discord.mjs";
import { json, request, signUp, type Member } from "./helpers";
import { queriesOf } from "./page-forms";

/**
 * The Discord app's tests (issue 39) drive the real Worker with interactions the fake Discord builds and signs
 * (scripts/fakes/discord.mjs, started by test/global-setup.ts with the key pair whose public half the Worker checks),
 * then tell the fake what the Worker answered, so the fake's channels hold what Discord's would. Every server,
 * channel and Discord user a test makes is new, so tests never share a table.
 */

export const fakeDiscord = inject("discord");

/** A new Discord id (a snowflake-sized decimal). */
export const discordId = () => `9${Array.from(crypto.getRandomValues(new Uint8Array(17)), (b) => b % 10).join("")}`;

export type DiscordPerson = { id: string; username: string };
export type Server = { guild_id: string; channel_id: string; channel_name: string };
export type Player = { member: Member; discord: DiscordPerson };

export const newServer = (): Server => ({ guild_id: discordId(), channel_id: discordId(), channel_name: "commander-lfg" });
export const discordPerson = (username: string): DiscordPerson => ({ id: discordId(), username: username.toLowerCase() });

/** A Realmcast member who signed in with a Discord identity (the dev seed links it as the OAuth callback does). */
export async function linkedPlayer(name: string): Promise<Player> {
  const member = await signUp(name, "Discord");
  const discord = discordPerson(name);
  const res = await request("/__dev/discord-identity", { cookie: member.cookie, body: { discordUserId: discord.id } });
  expect(res.status, await res.clone().text()).toBe(204);
  return { member, discord };
}

export type Answer = {
  status: number;
  body: any;
  /** Milliseconds from sending the interaction to the Worker's answer. */
  ms: number;
  /** D1 round trips the Worker made before answering. */
  queries: number;
  interaction: Record<string, any>;
};

/** Sends raw bytes with headers to the Worker's interactions endpoint, as Discord would. */
export function postInteraction(body: string, headers: Record<string, string>): Promise<Response> {
  return exports.default.fetch(new Request("http://localhost/discord/interactions", { method: "POST", headers, body }));
}

/** Builds and signs an interaction at the fake (without sending it). */
export async function signed(spec: Omit<FakeInteractionSpec, "deliver">): Promise<FakeInteraction> {
  const res = await fetch(`${fakeDiscord.url}/__fake/interactions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(spec),
  });
  expect(res.status).toBe(200);
  return json(res);
}

/** One interaction through the Worker, its answer reported back to the fake. */
export async function interact(spec: Omit<FakeInteractionSpec, "deliver">): Promise<Answer> {
  const made = await signed(spec);
  const started = performance.now();
  const res = await postInteraction(made.body, made.headers);
  const ms = performance.now() - started;
  const text = await res.text();
  const body = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  if (res.ok) {
    const reported = await fetch(`${fakeDiscord.url}/__fake/interactions/${made.interaction.id}/response`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(reported.status).toBe(200);
  }
  return { status: res.status, body, ms, queries: queriesOf(res), interaction: made.interaction };
}

export const runCommand = (
  who: DiscordPerson,
  server: Server,
  name: string,
  options?: unknown[],
  extra: Partial<FakeInteractionSpec> = {},
) => interact({ kind: "command", user: who, ...server, command: { name, ...(options ? { options } : {}) }, ...extra });

/** `/realmcast <sub>` with its options (name → value; the type is read from the value). */
export function realmcast(
  who: DiscordPerson,
  server: Server,
  sub: string,
  values: Record<string, string | number> = {},
  extra: Partial<FakeInteractionSpec> = {},
) {
  const options = Object.entries(values).map(([name, value]) => ({
    name,
    type: typeof value === "number" ? 4 : name === "user" ? 6 : 3,
    value,
  }));
  return runCommand(who, server, "realmcast", [{ name: sub, type: 1, options }], extra);
}

/** `/realmcast setup` by someone who may manage the server. */
export async function setUpServer(server: Server, realm = "scry-gather", defaults: Record<string, string | number> = {}) {
  const manager = discordPerson("Manager");
  const answer = await realmcast(manager, server, "setup", { realm, ...defaults }, { permissions: MANAGER_PERMISSIONS });
  expect(answer.body.data?.content, JSON.stringify(answer.body)).toMatch(/^This server now plays in/);
  return answer;
}

export const lfg = (who: DiscordPerson, server: Server, values: Record<string, string | number> = {}) =>
  runCommand(
    who,
    server,
    "lfg",
    Object.entries(values).map(([name, value]) => ({ name, type: typeof value === "number" ? 4 : 3, value })),
  );

export type FakeMessage = {
  id: string;
  content: string;
  components: any[];
  flags: number;
  pinged: string[];
  loading?: boolean;
  edited_timestamp: string | null;
  interaction?: { user: string };
};

export async function channelMessages(channelId: string): Promise<FakeMessage[]> {
  return json(await fetch(`${fakeDiscord.url}/__fake/channels/${channelId}/messages`));
}

/** Waits for the channel to hold a message that passes `test` (the Worker posts after answering). */
export async function waitForMessage(channelId: string, test: (m: FakeMessage) => boolean): Promise<FakeMessage> {
  return vi.waitFor(
    async () => {
      const found = (await channelMessages(channelId)).find(test);
      if (!found) throw new Error(`no such message in channel ${channelId}`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The channel's table message (the bot's message with the table's buttons or its room link). */
export const tableMessageOf = (channelId: string, test: (m: FakeMessage) => boolean = () => true) =>
  waitForMessage(
    channelId,
    (m) => !m.interaction && !m.loading && /^\*\*(Looking for players|Table ready|Table closed)\*\*/.test(m.content) && test(m),
  );

/** The custom id of the message's button labelled `label`. */
export function buttonId(message: FakeMessage, label: string): string {
  const button = message.components.flatMap((row: any) => row.components).find((c: any) => c.label === label);
  if (!button?.custom_id) throw new Error(`no ${label} button on ${JSON.stringify(message)}`);
  return button.custom_id;
}

export const press = (who: DiscordPerson, server: Server, message: FakeMessage, label: string) =>
  interact({ kind: "button", user: who, ...server, custom_id: buttonId(message, label), message_id: message.id });

export type FakeRequest = { method: string; route: string; channel: string | null; body: any; status: number };
export async function requestsTo(channelId: string): Promise<FakeRequest[]> {
  return json(await fetch(`${fakeDiscord.url}/__fake/requests?channel=${channelId}`));
}

/** The next `count` calls of `method route` at the fake answer `status` (with Discord's `body`). */
export async function fakeAnswers(answer: {
  method: string;
  route: string;
  status: number;
  count?: number;
  body?: unknown;
  headers?: Record<string, string>;
}) {
  const res = await fetch(`${fakeDiscord.url}/__fake/answer`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(answer),
  });
  expect(res.status).toBe(200);
}

/** `/lfg` by the first player (waiting for the bot's table message), then each other player presses Join. */
export async function fillTable(server: Server, players: Player[]) {
  const [first, ...others] = players;
  const opened = await lfg(first!.discord, server);
  expect(opened.body).toEqual({ type: 5, data: { flags: 64 } });
  let message = await tableMessageOf(server.channel_id);
  const answers: Answer[] = [opened];
  for (const p of others) {
    const answer = await press(p.discord, server, message, "Join");
    answers.push(answer);
    message = await tableMessageOf(server.channel_id, (m) => m.id === message.id);
  }
  return { message, answers };
}

/** Several linked members at once. */
export const linkedPlayers = (names: string[]) => Promise.all(names.map((n) => linkedPlayer(n)));

/** The channel's latest table in D1. */
export const tableRow = async (channelId: string) =>
  env.DB.prepare("SELECT id, status, session_id AS sessionId FROM discord_tables WHERE channel_id = ? ORDER BY created_at DESC LIMIT 1")
    .bind(channelId)
    .first<{ id: string; status: string; sessionId: string | null }>();

/**
 * Times every answer a test file's interactions got against Discord's 3-second window (the Worker defers past
 * ANSWER_DEADLINE_MS): call once at the top of the file; the figures are printed after its tests, and the slowest
 * must be under 3 000 ms.
 */
export function timeAnswers(label: string) {
  const timings: number[] = [];
  afterAll(() => {
    if (timings.length === 0) return;
    const sorted = [...timings].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
    console.info(
      `Discord answers (${label}): n=${sorted.length} median=${pct(50).toFixed(0)}ms p95=${pct(95).toFixed(0)}ms max=${sorted.at(-1)!.toFixed(0)}ms`,
    );
    expect(sorted.at(-1)!).toBeLessThan(3_000);
  });
  return {
    timed: async (answer: Promise<Answer>) => {
      const a = await answer;
      timings.push(a.ms);
      return a;
    },
    record: (answers: Answer[]) => timings.push(...answers.map((a) => a.ms)),
  };
}

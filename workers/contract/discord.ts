import { z } from "../lib/zod";
import { REALM_CHOICES } from "./discord-commands";
import { MAX_PLAYER_OPTIONS } from "./game-session-options";
import { bracketSchema, roomFormatSchema } from "./game-sessions";

/**
 * Discord's side of the wire (issue 39): the interactions Discord POSTs to `/discord/interactions` (only the fields
 * Realmcast reads; Discord sends more, which parsing drops), the responses and messages Realmcast sends back, and
 * the ids it puts on its buttons. Shapes from Discord's documentation ("Interactions: Receiving and Responding",
 * "Application Commands", "Message Components", "Message" and "Permissions"); the fake of
 * scripts/fakes/discord.mjs speaks the same.
 */

/** A Discord id: a 64-bit integer as a decimal string. */
export const snowflake = z.string().regex(/^\d{1,20}$/, "A Discord id");

const discordUser = z.object({
  id: snowflake,
  username: z.string().max(100),
  global_name: z.string().max(100).nullish(),
});
export type DiscordUser = z.infer<typeof discordUser>;

/** A guild member as an interaction carries it: `permissions` is the member's total in the channel, a bit set. */
const interactionMember = z.object({
  user: discordUser,
  permissions: z.string().regex(/^\d{1,40}$/),
  nick: z.string().max(100).nullish(),
});

export type CommandOption = {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: CommandOption[];
};
const commandOption: z.ZodType<CommandOption> = z.lazy(() =>
  z.object({
    name: z.string().min(1).max(32),
    type: z.number().int(),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    options: z.array(commandOption).max(25).optional(),
  }),
);

/** What every interaction but a PING carries. `guild_id` and `member` are absent in DMs, where `user` is set instead. */
const invoked = {
  id: snowflake,
  application_id: snowflake,
  token: z.string().min(1).max(1000),
  guild_id: snowflake.optional(),
  channel_id: snowflake.optional(),
  channel: z.object({ id: snowflake, name: z.string().max(100).nullish() }).optional(),
  member: interactionMember.optional(),
  user: discordUser.optional(),
};

/** Interaction types: 1 PING, 2 APPLICATION_COMMAND, 3 MESSAGE_COMPONENT (4 autocomplete and 5 modals are not used). */
export const discordInteraction = z.discriminatedUnion("type", [
  z.object({ type: z.literal(1), id: snowflake, application_id: snowflake }),
  z.object({
    type: z.literal(2),
    ...invoked,
    data: z.object({
      name: z.string().min(1).max(32),
      options: z.array(commandOption).max(25).optional(),
      resolved: z.object({ users: z.record(snowflake, discordUser).optional() }).optional(),
    }),
  }),
  z.object({
    type: z.literal(3),
    ...invoked,
    data: z.object({ custom_id: z.string().min(1).max(100), component_type: z.number().int() }),
    message: z.object({ id: snowflake, channel_id: snowflake }),
  }),
]);
export type DiscordInteraction = z.infer<typeof discordInteraction>;
export type CommandInteraction = Extract<DiscordInteraction, { type: 2 }>;
export type ComponentInteraction = Extract<DiscordInteraction, { type: 3 }>;

// ------------------------------------------------------------------ the commands' options

/** A command's (or subcommand's) options by name, as zod reads them: Discord sends a list of `{ name, type, value }`. */
export function optionValues(options: CommandOption[] | undefined): Record<string, unknown> {
  return Object.fromEntries((options ?? []).filter((o) => o.value !== undefined).map((o) => [o.name, o.value]));
}

const seatsSchema = z.literal(MAX_PLAYER_OPTIONS, { error: `Seats: one of ${MAX_PLAYER_OPTIONS.join(", ")}` });

/** `/lfg`: each left out takes the channel's default. */
export const lfgOptions = z.object({
  format: roomFormatSchema.optional(),
  seats: seatsSchema.optional(),
  bracket: bracketSchema.optional(),
});

/** `/realmcast setup`: the realm, and this channel's defaults. */
export const setupOptions = z.object({
  realm: z.string().refine((v) => REALM_CHOICES.some((r) => r.value === v), "Choose one of Realmcast's realms"),
  format: roomFormatSchema.optional(),
  seats: seatsSchema.optional(),
  bracket: bracketSchema.optional(),
});

/** `/realmcast stats`: whose games (the member who asked, when left out). */
export const statsOptions = z.object({ user: snowflake.optional() });

// ------------------------------------------------------------------ what Realmcast answers

/** Interaction callback types (Discord: "Interaction Callback Type"). */
export const CALLBACK = {
  pong: 1,
  channelMessage: 4,
  deferredChannelMessage: 5,
  deferredUpdateMessage: 6,
  updateMessage: 7,
} as const;
/** Message flag EPHEMERAL: only the member who acted sees the answer. */
export const EPHEMERAL = 1 << 6;

/** Button styles: 1 primary, 2 secondary, 3 success, 4 danger; 5 a link (a URL, no custom id). */
export type DiscordButton =
  | { type: 2; style: 1 | 2 | 3 | 4; label: string; custom_id: string; disabled?: boolean }
  | { type: 2; style: 5; label: string; url: string };
export type DiscordActionRow = { type: 1; components: DiscordButton[] };

/** Who a message may ping: `parse: []` and no `users` pings nobody, whatever its text names. */
export type AllowedMentions = { parse: ("users" | "roles" | "everyone")[]; users?: string[] };

/** A message Realmcast sends or edits (channel messages, interaction responses, follow-ups). */
export type DiscordMessageBody = {
  content?: string;
  components?: DiscordActionRow[];
  allowed_mentions?: AllowedMentions;
  flags?: number;
};

export type InteractionResponse =
  | { type: typeof CALLBACK.pong }
  | { type: typeof CALLBACK.channelMessage; data: DiscordMessageBody }
  | { type: typeof CALLBACK.deferredChannelMessage; data?: { flags?: number } }
  | { type: typeof CALLBACK.deferredUpdateMessage }
  | { type: typeof CALLBACK.updateMessage; data: DiscordMessageBody };

/** A message as Discord answers a create or an edit (only what Realmcast reads). */
export const discordMessage = z.object({ id: snowflake, channel_id: snowflake });
export type DiscordMessage = z.infer<typeof discordMessage>;

/** Discord's 429 body (Discord: "Rate Limits", "Exceeding A Rate Limit"). */
export const discordRateLimitBody = z.object({
  message: z.string().optional(),
  retry_after: z.number().nonnegative(),
  global: z.boolean().optional(),
  code: z.number().optional(),
});

/** Discord's error body: a JSON error code and message (e.g. 50013 Missing Permissions, 10003 Unknown Channel). */
export const discordErrorBody = z.object({ code: z.number().optional(), message: z.string().optional() });

/** Content is at most 2000 characters (Discord: "Create Message"). */
export const MAX_CONTENT = 2000;

// ------------------------------------------------------------------ permissions

/** Permission bits (Discord: "Permissions"): ADMINISTRATOR and MANAGE_GUILD. */
export const PERMISSION = { administrator: 1n << 3n, manageGuild: 1n << 5n } as const;

/** Whether a member's permission bit set lets them manage the server: MANAGE_GUILD, or ADMINISTRATOR. */
export function canManageGuild(permissions: string): boolean {
  let bits: bigint;
  try {
    bits = BigInt(permissions);
  } catch {
    return false;
  }
  return (bits & (PERMISSION.administrator | PERMISSION.manageGuild)) !== 0n;
}

// ------------------------------------------------------------------ Realmcast's buttons

export const TABLE_ACTIONS = ["join", "leave"] as const;
export type TableAction = (typeof TABLE_ACTIONS)[number];

/** A table button's custom id: `rc:join:<table id>` (Discord keeps it with the message, at most 100 characters). */
export const tableButtonId = (action: TableAction, tableId: string) => `rc:${action}:${tableId}`;

const TABLE_BUTTON = /^rc:(join|leave):([0-9a-f-]{36})$/;

/** The action and table a button's custom id names, or null for any other id. */
export function parseTableButton(customId: string): { action: TableAction; tableId: string } | null {
  const match = TABLE_BUTTON.exec(customId);
  const action = TABLE_ACTIONS.find((a) => a === match?.[1]);
  return match && action ? { action, tableId: match[2]! } : null;
}

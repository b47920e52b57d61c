import { resolvePower } from "../../contract/brackets";
import {
  CALLBACK,
  canManageGuild,
  lfgOptions,
  optionValues,
  parseTableButton,
  setupOptions,
  statsOptions,
  type CommandInteraction,
  type ComponentInteraction,
  type DiscordInteraction,
} from "../../contract/discord";
import { LFG_COMMAND, REALMCAST_COMMAND, SUBCOMMANDS } from "../../contract/discord-commands";
import { reply, replyPrivately, signInWithDiscordUrl, type DiscordDeps, type Handled } from "./discord-answers";
import { DEFAULT_TABLE, readPrelude, setUpChannel, type DiscordActor } from "./discord-guilds";
import { memberStats, openRooms } from "./discord-lookups";
import { linkAccountMessage, realmName, tableKind } from "./discord-messages";
import { lookForPlayers, NOT_SET_UP, pressTableButton } from "./discord-table-flow";
import { countOf } from "../../contract/plural";

/**
 * The Discord app's one entry (issue 39): a verified, parsed interaction in, the answer and what follows it out.
 * Every command and button first reads its prelude (discord-guilds.ts readPrelude): the Discord user's and the
 * server's limits are counted before anything else happens, and a member is who signed in with that Discord
 * identity. The Worker's route (workers/api/discord-interactions.ts) checks the signature before this runs and
 * answers within Discord's window.
 */

const MANAGE_ONLY = "Only members who can manage this server (Manage Server or Administrator) can set Realmcast up.";
const INVALID_OPTIONS = "Those options do not fit together:";

/** A zod failure as one line for the member. */
const problemsOf = (issues: { message: string }[]) => `${INVALID_OPTIONS} ${issues.map((i) => i.message).join("; ")}.`;

export async function handleInteraction(deps: DiscordDeps, interaction: DiscordInteraction): Promise<Handled> {
  if (interaction.type === 1) return { response: { type: CALLBACK.pong } };
  const { guild_id: guildId, channel_id: channelId, member } = interaction;
  if (!guildId || !channelId || !member) return replyPrivately("Realmcast's commands work in a server's channels, not in direct messages.");
  const actor: DiscordActor = { discordUserId: member.user.id, guildId, channelId };
  return interaction.type === 2 ? command(deps, interaction, actor, member.permissions) : button(deps, interaction, actor);
}

async function command(deps: DiscordDeps, interaction: CommandInteraction, actor: DiscordActor, permissions: string): Promise<Handled> {
  const { name, options } = interaction.data;
  const channelName = interaction.channel?.name ?? null;
  if (name === LFG_COMMAND) {
    const asked = lfgOptions.safeParse(optionValues(options));
    if (!asked.success) return replyPrivately(problemsOf(asked.error.issues));
    const prelude = await readPrelude(deps.db, actor, null, deps.now);
    if (prelude.limited) return replyPrivately(prelude.limited);
    if (!prelude.guild) return replyPrivately(NOT_SET_UP);
    if (!prelude.member) return reply(linkAccountMessage(signInWithDiscordUrl(deps.origin)));
    return lookForPlayers(deps, prelude, actor, asked.data, { token: interaction.token, channelName });
  }
  if (name !== REALMCAST_COMMAND) return replyPrivately("Realmcast does not know that command.");
  const sub = options?.[0];
  const values = optionValues(sub?.options);
  switch (sub?.name) {
    case SUBCOMMANDS.setup: {
      if (!canManageGuild(permissions)) return replyPrivately(MANAGE_ONLY);
      const asked = setupOptions.safeParse(values);
      if (!asked.success) return replyPrivately(problemsOf(asked.error.issues));
      const format = asked.data.format ?? DEFAULT_TABLE.format;
      const power = resolvePower({ format, bracket: asked.data.bracket ?? null });
      if (!power.ok) return replyPrivately(power.problem.message);
      const prelude = await readPrelude(deps.db, actor, null, deps.now);
      if (prelude.limited) return replyPrivately(prelude.limited);
      const defaults = { format, maxPlayers: asked.data.seats ?? DEFAULT_TABLE.maxPlayers, bracket: power.value.bracket };
      await setUpChannel(deps.db, actor, asked.data.realm, defaults, deps.now);
      return replyPrivately(
        `This server now plays in ${realmName(asked.data.realm)}. /lfg in this channel opens ${tableKind(defaults)} tables of ${countOf(defaults.maxPlayers, "seat")}.`,
      );
    }
    case SUBCOMMANDS.stats: {
      const asked = statsOptions.safeParse(values);
      if (!asked.success) return replyPrivately(problemsOf(asked.error.issues));
      const targetDiscordId = asked.data.user ?? null;
      const prelude = await readPrelude(deps.db, actor, targetDiscordId, deps.now);
      if (prelude.limited) return replyPrivately(prelude.limited);
      return memberStats(deps, prelude, { targetDiscordId });
    }
    case SUBCOMMANDS.rooms: {
      const prelude = await readPrelude(deps.db, actor, null, deps.now);
      if (prelude.limited) return replyPrivately(prelude.limited);
      return openRooms(deps, prelude);
    }
    default:
      return replyPrivately("Realmcast does not know that command.");
  }
}

async function button(deps: DiscordDeps, interaction: ComponentInteraction, actor: DiscordActor): Promise<Handled> {
  const parsed = parseTableButton(interaction.data.custom_id);
  if (!parsed) return replyPrivately("This button no longer does anything.");
  const prelude = await readPrelude(deps.db, actor, null, deps.now);
  if (prelude.limited) return replyPrivately(prelude.limited);
  if (parsed.action === "join" && !prelude.member) return reply(linkAccountMessage(signInWithDiscordUrl(deps.origin)));
  return pressTableButton(deps, prelude, actor, parsed, interaction);
}

/**
 * Realmcast's Discord slash commands (issue 39) as Discord's "Application Command" objects: what `npm run
 * discord:register` (scripts/discord-register.mjs) sends to Discord's bulk overwrite, and the names and options the
 * Worker's interaction handler reads back. Plain data importing only a plain-data module with its `.ts` extension,
 * so Node runs it as it is (type stripping) in the register script; discord-commands.test.ts checks the choices
 * against the rules they repeat (the realms of migration 0001, the Commander brackets).
 */
import { MAX_PLAYER_OPTIONS, ROOM_FORMATS } from "./game-session-options.ts";

/** Application command option types (Discord: "Application Command Option Type"). */
export const OPTION_TYPE = { SUB_COMMAND: 1, STRING: 3, INTEGER: 4, USER: 6 } as const;
/** Command type CHAT_INPUT (a slash command); contexts GUILD only; installed to a server (GUILD_INSTALL). */
const SLASH = { type: 1, contexts: [0], integration_types: [0] } as const;

/** The realms a server can be tied to: the six of migrations/0001_communities.sql (ids and names). */
export const REALM_CHOICES = [
  { name: "Scry & Gather", value: "scry-gather" },
  { name: "PokeStream Hub", value: "pokestream-hub" },
  { name: "Decksong", value: "decksong" },
  { name: "Duelcraft", value: "duelcraft" },
  { name: "Bladeforge", value: "bladeforge" },
  { name: "Deckmaster", value: "deckmaster" },
] as const;

/** Commander Brackets as choices (workers/contract/brackets.ts BRACKETS). */
export const BRACKET_CHOICES = [
  { name: "1 · Exhibition", value: 1 },
  { name: "2 · Core", value: 2 },
  { name: "3 · Upgraded", value: 3 },
  { name: "4 · Optimized", value: 4 },
  { name: "5 · cEDH", value: 5 },
] as const;

const formatOption = {
  type: OPTION_TYPE.STRING,
  name: "format",
  description: "The game format",
  choices: ROOM_FORMATS.map((f) => ({ name: f.label, value: f.id })),
};
const seatsOption = {
  type: OPTION_TYPE.INTEGER,
  name: "seats",
  description: "How many players the table seats",
  choices: MAX_PLAYER_OPTIONS.map((n) => ({ name: `${n} seats`, value: n })),
};
const bracketOption = {
  type: OPTION_TYPE.INTEGER,
  name: "bracket",
  description: "Commander bracket (Commander tables only)",
  choices: BRACKET_CHOICES,
};

export const LFG_COMMAND = "lfg";
export const REALMCAST_COMMAND = "realmcast";
export const SUBCOMMANDS = { setup: "setup", stats: "stats", rooms: "rooms" } as const;

/** Every command, as the bulk overwrite takes them (PUT /applications/{application.id}/commands). */
export const DISCORD_COMMANDS = [
  {
    ...SLASH,
    name: LFG_COMMAND,
    description: "Look for players: join this channel's open table, or open one",
    options: [
      { ...formatOption, description: "The game format (default: this channel's)" },
      { ...seatsOption, description: "How many players the table seats (default: this channel's)" },
      { ...bracketOption, description: "Commander bracket (default: this channel's)" },
    ],
  },
  {
    ...SLASH,
    name: REALMCAST_COMMAND,
    description: "Realmcast in this server",
    options: [
      {
        type: OPTION_TYPE.SUB_COMMAND,
        name: SUBCOMMANDS.setup,
        description: "Tie this server to a realm and set this channel's table defaults (Manage Server)",
        options: [
          {
            type: OPTION_TYPE.STRING,
            name: "realm",
            description: "The realm this server plays in",
            required: true,
            choices: REALM_CHOICES,
          },
          { ...formatOption, description: "This channel's format (default: Commander)" },
          { ...seatsOption, description: "This channel's table size (default: 4)" },
          bracketOption,
        ],
      },
      {
        type: OPTION_TYPE.SUB_COMMAND,
        name: SUBCOMMANDS.stats,
        description: "A member's games, as their Realmcast profile shows them",
        options: [{ type: OPTION_TYPE.USER, name: "user", description: "Whose games (you, when left out)" }],
      },
      {
        type: OPTION_TYPE.SUB_COMMAND,
        name: SUBCOMMANDS.rooms,
        description: "This server's realm: open rooms you can join",
      },
    ],
  },
] as const;

import { powerLabel } from "../../contract/brackets";
import { EPHEMERAL, MAX_CONTENT, tableButtonId, type DiscordActionRow, type DiscordMessageBody } from "../../contract/discord";
import { REALM_CHOICES } from "../../contract/discord-commands";
import type { GameResultView } from "../../contract/game-results";
import { formatLabel } from "../../contract/game-session-options";
import { countOf } from "../../contract/plural";
import { TABLE_STALE_MS } from "./discord-table-rules";

/**
 * What the Discord app says (issue 39), as Discord message bodies: pure functions of the data, unit-tested beside.
 * Every message pings nobody (`allowed_mentions.parse` empty) except the one that tells a filled table's players
 * their room is ready, which pings exactly them. Text a member typed (room and member names) is escaped, so it
 * cannot format the message, fake a mention or a link.
 */

const NOBODY: DiscordMessageBody["allowed_mentions"] = { parse: [] };

/** Discord's markdown, mention and link characters, backslash-escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>[\]()#<@:-]/g, (c) => `\\${c}`);
}

/** At most `max` characters, with an ellipsis when cut. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const mention = (discordUserId: string) => `<@${discordUserId}>`;
const ephemeral = (body: DiscordMessageBody): DiscordMessageBody => ({ ...body, allowed_mentions: NOBODY, flags: EPHEMERAL });

/** "Commander/EDH · Bracket 3 · Upgraded", the power part only where the table has one. */
export function tableKind(table: { format: string; bracket: number | null }): string {
  return table.bracket === null ? formatLabel(table.format) : `${formatLabel(table.format)} · ${powerLabel({ bracket: table.bracket })}`;
}

export const realmName = (communityId: string) => REALM_CHOICES.find((r) => r.value === communityId)?.name ?? communityId;

export type TableView = {
  id: string;
  status: "open" | "filling" | "filled" | "closed";
  format: string;
  bracket: number | null;
  maxPlayers: number;
  /** In the order they joined: the first hosts. */
  players: { discordUserId: string }[];
  /** The room's link once the table filled. */
  roomUrl: string | null;
  /** Why a closed table closed: everyone left (the default), or nobody joined for hours. */
  closedBecause?: "left" | "stale";
};

const tableButtons = (tableId: string, disabled = false): DiscordActionRow[] => [
  {
    type: 1,
    components: [
      { type: 2, style: 3, label: "Join", custom_id: tableButtonId("join", tableId), disabled },
      { type: 2, style: 2, label: "Leave", custom_id: tableButtonId("leave", tableId), disabled },
    ],
  },
];

export const STALE_TABLE_TEXT = `Nobody joined for ${TABLE_STALE_MS / 3_600_000} hours, so it closed. Run /lfg to open another.`;

/** The table's message in the channel: who is in and the seats left, with Join and Leave; the room's link once full. */
export function tableMessage(table: TableView): DiscordMessageBody {
  const kind = tableKind(table);
  const who = table.players.map((p) => mention(p.discordUserId)).join(" ");
  if (table.status === "filled" && table.roomUrl) {
    return {
      content: [
        `**Table ready** · ${kind}`,
        `Players: ${who}`,
        `Room: ${table.roomUrl}`,
        "Only these players take its seats; open the link to sit down.",
      ].join("\n"),
      components: [{ type: 1, components: [{ type: 2, style: 5, label: "Open the room", url: table.roomUrl }] }],
      allowed_mentions: NOBODY,
    };
  }
  if (table.status === "closed") {
    const why = table.closedBecause === "stale" ? STALE_TABLE_TEXT : "Everyone left before it filled.";
    return { content: `**Table closed** · ${kind}\n${why}`, components: [], allowed_mentions: NOBODY };
  }
  const left = Math.max(0, table.maxPlayers - table.players.length);
  const status =
    table.status === "filling"
      ? "The table is full: making its room…"
      : `${countOf(left, "seat")} left. Press Join to play; when the table is full, Realmcast makes a private room for its players.`;
  return {
    content: [
      `**Looking for players** · ${kind} · ${countOf(table.maxPlayers, "seat")}`,
      `In (${table.players.length}/${table.maxPlayers}): ${who || "nobody yet"}`,
      status,
    ].join("\n"),
    components: tableButtons(table.id, table.status !== "open"),
    allowed_mentions: NOBODY,
  };
}

/** The message that tells a filled table's players their room is ready: it pings them, and only them. */
export function readyPing(table: Pick<TableView, "format" | "bracket" | "players">, roomUrl: string): DiscordMessageBody {
  const ids = table.players.map((p) => p.discordUserId);
  return {
    content: `${ids.map(mention).join(" ")} your ${tableKind(table)} table is ready: ${roomUrl}`,
    allowed_mentions: { parse: [], users: ids },
  };
}

/** An answer only the member who acted sees. */
export const privately = (content: string, components: DiscordActionRow[] = []): DiscordMessageBody =>
  ephemeral({ content: clip(content, MAX_CONTENT), components });

/** A Discord user Realmcast does not know yet: the way to link their account, once. */
export function linkAccountMessage(signInUrl: string): DiscordMessageBody {
  return privately(
    "Realmcast does not know your Discord account yet. Sign in to Realmcast with Discord once (that links this account), then try again.",
    [{ type: 1, components: [{ type: 2, style: 5, label: "Sign in with Discord", url: signInUrl }] }],
  );
}

// ------------------------------------------------------------------ results

export type ResultPost = {
  result: GameResultView;
  roomName: string;
  /** Realmcast member id → the Discord user who played at the table. */
  discordIds: Map<string, string>;
  /** Players whose profile is hidden: their commander is left out (their games are not shown to others). */
  hidden: Set<string>;
};

/** The short message a channel gets when a game its table made has a confirmed result. */
export function resultMessage({ result, roomName, discordIds, hidden }: ResultPost): DiscordMessageBody {
  const who = (id: string, name: string) => {
    const discordId = discordIds.get(id);
    return discordId ? mention(discordId) : escapeMarkdown(clip(name, 60));
  };
  const withCommander = (p: GameResultView["players"][number]) =>
    p.commander && !hidden.has(p.id) ? `${who(p.id, p.name)} (${escapeMarkdown(clip(p.commander, 80))})` : who(p.id, p.name);
  const winner = result.players.find((p) => p.winner);
  const facts = [tableKind(result), result.endTurn ? `ended on turn ${result.endTurn}` : null].filter(Boolean).join(" · ");
  return {
    content: clip(
      [
        `**Game over** · ${escapeMarkdown(clip(roomName, 80))} · ${facts}`,
        winner ? `Winner: ${withCommander(winner)}` : "A draw.",
        `Players: ${result.players.map(withCommander).join(" · ")}`,
      ].join("\n"),
      MAX_CONTENT,
    ),
    allowed_mentions: NOBODY,
  };
}

// ------------------------------------------------------------------ stats and rooms

export type StatsView = {
  name: string;
  profileUrl: string;
  hidden: boolean;
  games: number;
  wins: number;
  byCommander: { commander: string; games: number; wins: number }[];
  byBracket: { bracket: number; games: number; wins: number }[];
  recent: { name: string; format: string; status: string; won: boolean; commander: string | null }[];
};

/** `/realmcast stats`: a member's games as their profile shows them to the member who asked. */
export function statsMessage(stats: StatsView): DiscordMessageBody {
  const name = escapeMarkdown(clip(stats.name, 60));
  if (stats.hidden) return privately(`${name}'s games are private.`);
  if (stats.games === 0 && stats.recent.length === 0) return privately(`${name} has no recorded games yet.\n${stats.profileUrl}`);
  const tally = (t: { games: number; wins: number }) => `${countOf(t.games, "game")}, ${countOf(t.wins, "win")}`;
  const lines = [`**${name}** · ${tally(stats)} (confirmed results)`];
  if (stats.byCommander.length > 0) {
    lines.push(`Most played: ${stats.byCommander.map((c) => `${escapeMarkdown(clip(c.commander, 60))} (${tally(c)})`).join(" · ")}`);
  }
  if (stats.byBracket.length > 0) {
    lines.push(`By bracket: ${stats.byBracket.map((b) => `${powerLabel({ bracket: b.bracket })}: ${tally(b)}`).join(" · ")}`);
  }
  if (stats.recent.length > 0) {
    const game = (g: StatsView["recent"][number]) =>
      `${g.won ? "won" : "played"} ${escapeMarkdown(clip(g.name, 50))} (${formatLabel(g.format)}${g.commander ? `, ${escapeMarkdown(clip(g.commander, 50))}` : ""}${g.status === "confirmed" ? "" : `, ${g.status}`})`;
    lines.push(`Recent: ${stats.recent.slice(0, 5).map(game).join(" · ")}`);
  }
  lines.push(stats.profileUrl);
  return privately(lines.join("\n"));
}

export type RoomLine = {
  name: string;
  url: string;
  format: string;
  bracket: number | null;
  powerLevel: string | null;
  players: number;
  maxPlayers: number;
  host: string;
};

/** `/realmcast rooms`: the realm's open rooms the member may see, each with its link. */
export function roomsMessage(realm: string, rooms: RoomLine[], lobbyUrl: string): DiscordMessageBody {
  if (rooms.length === 0) {
    return privately(`No open rooms in ${realm} right now. Open a table here with /lfg, or see the lobby: ${lobbyUrl}`);
  }
  const line = (r: RoomLine) =>
    `• [${escapeMarkdown(clip(r.name, 60))}](${r.url}) · ${formatLabel(r.format)} · ${powerLabel(r)} · ${r.players}/${r.maxPlayers} seated · host ${escapeMarkdown(clip(r.host, 40))}`;
  return privately([`**Open rooms in ${realm}**`, ...rooms.map(line), `All rooms: ${lobbyUrl}`].join("\n"));
}

import { resolvePower } from "../../contract/brackets";
import type { ComponentInteraction, TableAction } from "../../contract/discord";
import { formatLabel } from "../../contract/game-session-options";
import { currentLogger } from "../../lib/logger";
import { DiscordApiError } from "../../services/discord-rest";
import { jumpLink, playUrl, replyPrivately, thinkPrivately, updateMessage, type DiscordDeps, type Handled } from "./discord-answers";
import { DEFAULT_TABLE, type DiscordActor, type Prelude } from "./discord-guilds";
import { privately, readyPing, tableKind, tableMessage, type TableView } from "./discord-messages";
import {
  closeTable,
  joinTable,
  leaveTable,
  makeTableRoom,
  readTable,
  setTableMessage,
  type JoinRefusal,
  type JoinResult,
  type TableOptions,
  type TableRead,
} from "./discord-tables";
import { closeStaleTables } from "./stale-tables";

/**
 * `/lfg` and the table's Join and Leave buttons (issue 39): each press is the Discord user's own act, as their
 * Realmcast account (the one that signed in with that Discord identity), so a table seats only members who pressed
 * Join or ran `/lfg` themselves; no bot seats anyone. The table's message shows who is in and the seats left, and
 * when the last seat is taken it shows the room's link and a new message pings exactly the players.
 * Decision: docs/decisions/2026-11-27-discord-app.md.
 */

export const NOT_SET_UP =
  "This server is not tied to a Realmcast realm yet: someone who can manage the server runs /realmcast setup first.";
export const CANNOT_POST =
  "Realmcast cannot post in this channel: give its bot the View Channel and Send Messages permissions here, then run /lfg again.";

export function viewOf(read: TableRead, origin: string): TableView {
  const { table, players } = read;
  return {
    id: table.id,
    status: table.status,
    format: table.format,
    bracket: table.bracket,
    maxPlayers: table.maxPlayers,
    players,
    roomUrl: table.sessionId ? playUrl(origin, table.sessionId) : null,
  };
}

const REFUSALS: Record<Exclude<JoinRefusal, "mismatch">, string> = {
  not_found: "This table no longer exists.",
  closed: "This table has closed. Run /lfg to open another.",
  filling: "This table just filled and its room is being made: run /lfg again in a moment to open the next one.",
  full: "This table is full.",
  blocked: "You cannot join this table: a block stands between you and one of its players.",
  moderated: "You cannot join tables in this realm: a moderator removed you from it or suspended your account.",
};

function refusalText(reason: JoinRefusal, read: TableRead | null): string {
  if (reason === "mismatch" && read) {
    const t = read.table;
    return `This channel's open table is ${tableKind(t)} with ${t.maxPlayers} seats. Join it (run /lfg with no options, or press Join), or open yours once it fills.`;
  }
  return reason === "mismatch" ? REFUSALS.closed : REFUSALS[reason];
}

/** The table's message in the channel, edited to show the table as it stands now (when it has been posted). */
async function refreshTableMessage(deps: DiscordDeps, tableId: string, shown: TableView | null = null): Promise<void> {
  const read = await readTable(deps.db, tableId);
  if (!read?.table.messageId) return;
  const view = viewOf(read, deps.origin);
  // Two presses answered out of order can leave the older picture on the message: put the newest back.
  if (shown && tableMessage(shown).content === tableMessage(view).content) return;
  await deps.rest.editMessage(read.table.channelId, read.table.messageId, tableMessage(view));
}

/**
 * The cron's sweep: tables nobody joined for hours close, and their messages say so (without Join and Leave), so a
 * channel never shows a table that will not fill. A message that cannot be edited (deleted, or the bot lost the
 * channel) is logged and left; the table is closed either way.
 */
export async function sweepStaleTables(deps: DiscordDeps): Promise<number> {
  const closed = await closeStaleTables(deps.db, deps.now);
  for (const table of closed) {
    if (!table.messageId) continue;
    const view: TableView = { ...table, status: "closed", players: [], roomUrl: null, closedBecause: "stale" };
    try {
      await deps.rest.editMessage(table.channelId, table.messageId, tableMessage(view));
    } catch (error) {
      if (!(error instanceof DiscordApiError)) throw error;
      currentLogger().warn("A stale Discord table's message could not be edited", {
        tableId: table.id,
        status: error.status,
        code: error.code,
      });
    }
  }
  if (closed.length > 0) currentLogger().info("Stale Discord tables closed", { count: closed.length });
  return closed.length;
}

/** After `/lfg` opened a table: the bot posts its message, records it, and turns the "thinking" answer into a link to it. */
function postTable(deps: DiscordDeps, tableId: string, token: string): () => Promise<void> {
  return async () => {
    const read = await readTable(deps.db, tableId);
    if (!read) return;
    const { table } = read;
    let shown: TableView;
    let messageId: string;
    try {
      shown = viewOf(read, deps.origin);
      messageId = (await deps.rest.createMessage(table.channelId, tableMessage(shown))).id;
    } catch (error) {
      if (!(error instanceof DiscordApiError) || error.retryable) throw error;
      currentLogger().warn("The Discord bot cannot post in a channel", {
        channelId: table.channelId,
        status: error.status,
        code: error.code,
      });
      await closeTable(deps.db, tableId);
      await deps.rest.editOriginal(token, privately(CANNOT_POST));
      return;
    }
    await setTableMessage(deps.db, tableId, messageId);
    await deps.rest.editOriginal(token, privately(`Your table is open: ${jumpLink(table.guildId, table.channelId, messageId)}`));
    await refreshTableMessage(deps, tableId, shown);
  };
}

/** After a press or `/lfg` filled the table: the players are pinged, in a new message (an edit pings nobody). */
function pingPlayers(deps: DiscordDeps, read: TableRead, roomUrl: string, token: string): Promise<unknown> {
  return deps.rest.followUp(token, readyPing({ ...read.table, players: read.players }, roomUrl));
}

type RoomOutcome = { read: TableRead; roomUrl: string | null; problem: string | null };

/** Makes the room of a table this request claimed. */
async function fill(
  deps: DiscordDeps,
  read: TableRead,
  actor: DiscordActor,
  undoUserId: string,
  channelName: string | null,
): Promise<RoomOutcome> {
  const name = `${formatLabel(read.table.format)} table from Discord${channelName ? ` #${channelName}` : ""}`.slice(0, 100);
  const made = await makeTableRoom(deps.db, read, { name, origin: deps.origin, undoUserId }, deps.now);
  if (!made.ok) return { read: made.read, roomUrl: null, problem: made.message };
  currentLogger().info("A Discord table filled", { tableId: read.table.id, sessionId: made.sessionId, guildId: actor.guildId });
  return { read: made.read, roomUrl: made.roomUrl, problem: null };
}

const couldNotMake = (problem: string) => `Realmcast could not make the room: ${problem} The table is open again.`;

/**
 * `/lfg`: joins the channel's open table (options said out loud must match it), or opens one with those options
 * or the channel's defaults.
 */
export async function lookForPlayers(
  deps: DiscordDeps,
  prelude: Prelude,
  actor: DiscordActor,
  asked: { format?: string; seats?: number; bracket?: number },
  interaction: { token: string; channelName: string | null },
): Promise<Handled> {
  const { guild, member } = prelude;
  if (!guild || !member) throw new Error("lookForPlayers needs a set-up server and a linked member");
  const defaults = prelude.channel ?? DEFAULT_TABLE;
  const format = asked.format ?? defaults.format;
  const power = resolvePower({ format, bracket: asked.bracket ?? (format === defaults.format ? defaults.bracket : null) });
  if (!power.ok) return replyPrivately(power.problem.message);
  const wanted: TableOptions = { format, maxPlayers: asked.seats ?? defaults.maxPlayers, bracket: power.value.bracket };
  const saidOptions = asked.format !== undefined || asked.seats !== undefined || asked.bracket !== undefined;
  const result: JoinResult = await joinTable(
    deps.db,
    { channelId: actor.channelId },
    { userId: member.id, discordUserId: actor.discordUserId },
    {
      open: { id: crypto.randomUUID(), guildId: actor.guildId, channelId: actor.channelId, communityId: guild.communityId, ...wanted },
      require: saidOptions ? wanted : undefined,
      now: deps.now,
    },
  );
  if (result.kind === "refused") return replyPrivately(refusalText(result.reason, result.read));
  const tableId = result.read.table.id;
  if (result.kind === "claimed") {
    const made = await fill(deps, result.read, actor, member.id, interaction.channelName);
    const { roomUrl } = made;
    if (!roomUrl) return { ...replyPrivately(couldNotMake(made.problem ?? "")), after: () => refreshTableMessage(deps, tableId) };
    return {
      ...replyPrivately(`The table is full: your room is ready. ${roomUrl}`),
      after: async () => {
        await refreshTableMessage(deps, tableId);
        await pingPlayers(deps, made.read, roomUrl, interaction.token);
      },
    };
  }
  if (result.kind === "joined" && result.opened) return thinkPrivately(postTable(deps, tableId, interaction.token));
  const { table, players } = result.read;
  const where = table.messageId ? `: ${jumpLink(table.guildId, table.channelId, table.messageId)}` : ".";
  const text = result.kind === "already" ? "You are already at this channel's table" : "You joined this channel's table";
  return {
    ...replyPrivately(`${text} (${players.length}/${table.maxPlayers})${where}`),
    after: () => refreshTableMessage(deps, tableId),
  };
}

/** A press of a table's Join or Leave button: the answer edits the table's message itself. */
export async function pressTableButton(
  deps: DiscordDeps,
  prelude: Prelude,
  actor: DiscordActor,
  button: { action: TableAction; tableId: string },
  interaction: Pick<ComponentInteraction, "token" | "channel">,
): Promise<Handled> {
  const { member } = prelude;
  if (button.action === "leave") {
    const left = member ? await leaveTable(deps.db, button.tableId, member.id, deps.now) : null;
    if (!left?.left || !left.read) {
      const filled = left?.read && left.read.table.status !== "open";
      return replyPrivately(filled ? "This table has filled: leave its room instead." : "You are not at this table.");
    }
    const shown = viewOf(left.read, deps.origin);
    return updateMessage(tableMessage(shown), () => refreshTableMessage(deps, button.tableId, shown));
  }
  if (!member) throw new Error("pressTableButton's Join needs a linked member");
  const result = await joinTable(
    deps.db,
    { tableId: button.tableId },
    { userId: member.id, discordUserId: actor.discordUserId },
    { now: deps.now },
  );
  if (result.kind === "refused") return replyPrivately(refusalText(result.reason, result.read));
  if (result.kind === "already") return replyPrivately("You are already at this table.");
  if (result.kind === "claimed") {
    const made = await fill(deps, result.read, actor, member.id, interaction.channel?.name ?? null);
    const { roomUrl } = made;
    if (!roomUrl) return { ...replyPrivately(couldNotMake(made.problem ?? "")), after: () => refreshTableMessage(deps, button.tableId) };
    return updateMessage(tableMessage(viewOf(made.read, deps.origin)), async () => {
      await pingPlayers(deps, made.read, roomUrl, interaction.token);
    });
  }
  const shown = viewOf(result.read, deps.origin);
  return updateMessage(tableMessage(shown), () => refreshTableMessage(deps, button.tableId, shown));
}

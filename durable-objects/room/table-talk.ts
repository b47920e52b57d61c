import type { RoomEndReason } from "../../workers/contract/room/protocol";

/**
 * The lines the room writes into the chat log about the game (pure: the
 * wording is tested on its own). Names are first names.
 */

/** Chat wording of a designation. */
const LABEL = { monarch: "monarch", initiative: "holder of the initiative" } as const;

/** "+3" / "-2" for the chat log. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export const diceLine = (name: string, sides: number, value: number) => `${name} rolled a d${sides}: ${value}`;

export const lifeLine = (name: string, delta: number, life: number) => `${name} ${signed(delta)} life (${life})`;

export const commanderDamageLine = (name: string, delta: number, source: string, total: number, lethal: boolean, life: number) =>
  `${name} ${signed(delta)} commander damage from ${source} (${total}/21${lethal ? " (lethal)" : ""}), life ${life}`;

export const designationLine = (name: string, designation: keyof typeof LABEL, holds: boolean) =>
  holds ? `${name} becomes the ${LABEL[designation]}` : `${name} is no longer the ${LABEL[designation]}`;

export const counterLine = (name: string, counter: string, delta: number, value: number, lethal: boolean) =>
  `${name} ${signed(delta)} ${counter} (${value}${lethal ? " (lethal)" : ""})`;

/** A turn passed by a player (`by` their first name, when still in the room). */
export const turnPassedLine = (by: string | undefined, next: string) => `${by ?? "A player"} passed the turn to ${next}`;

/** A turn the room skipped because its holder is away. */
export const awaySkipLine = (from: string | undefined, next: string) => `${from ?? "A player"} is away: the turn passes to ${next}`;

export const gameStartedLine = (first: string | undefined) => `Game started. Random pick: ${first ?? "nobody"} goes first`;

export const newHostLine = (host: string | undefined) => `${host ?? "A player"} is the host now`;

/** Why the room's sockets close when the game ends; a moderator's ending says their reason (issue 38). */
export const endedMessage = (reason: RoomEndReason, detail?: string | null) =>
  reason === "moderator_ended" && detail ? `${ENDED_MESSAGES[reason]} Reason: ${detail}` : ENDED_MESSAGES[reason];

const ENDED_MESSAGES: Record<RoomEndReason, string> = {
  idle: "This room closed: nobody was at the table for a while.",
  last_player_left: "This game has ended: the last player left the table.",
  host_ended: "This game has ended: the host ended it.",
  moderator_ended: "A moderator ended this room.",
};

/** The chat log's last line when the host ends the game. */
export const hostEndedLine = (host: string) => `${host} ended the game`;

/** A player out of the game, or back in it (issue 37): by the table's numbers (the room) or by the host's hand. */
export const outLine = (who: string, out: boolean, byHost: string | undefined) =>
  out
    ? byHost
      ? `${byHost} put ${who} out of the game`
      : `${who} is out of the game`
    : `${byHost ?? "The host"} brought ${who} back into the game`;

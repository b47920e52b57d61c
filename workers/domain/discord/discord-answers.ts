import { CALLBACK, EPHEMERAL, type DiscordMessageBody, type InteractionResponse } from "../../contract/discord";
import { roomPath } from "../../contract/game-session-options";
import type { Db } from "../../db/client";
import type { DiscordRest } from "../../services/discord-rest";
import { privately } from "./discord-messages";

/**
 * What handling a Discord interaction produces (issue 39): the answer Discord gets within its 3-second window, and
 * the work that follows it (messages to post or edit through the REST client), which the Worker runs after
 * answering (`waitUntil`). Handlers are given what they need; they know nothing of HTTP.
 */

export type DiscordDeps = {
  db: Db;
  rest: DiscordRest;
  /** The site's address for links (PUBLIC_ORIGIN). */
  origin: string;
  now: number;
};

export type Handled = {
  response: InteractionResponse;
  /** Runs after the answer was sent (its REST calls need the answer to exist first). */
  after?: () => Promise<void>;
};

export const reply = (data: DiscordMessageBody): Handled => ({ response: { type: CALLBACK.channelMessage, data } });
export const replyPrivately = (content: string): Handled => reply(privately(content));
export const updateMessage = (data: DiscordMessageBody, after?: () => Promise<void>): Handled => ({
  response: { type: CALLBACK.updateMessage, data },
  after,
});
/** "Realmcast is thinking…", seen only by the member, while `after` does the work and edits it into the answer. */
export const thinkPrivately = (after: () => Promise<void>): Handled => ({
  response: { type: CALLBACK.deferredChannelMessage, data: { flags: EPHEMERAL } },
  after,
});

/** The room page opened to play: an invited player is seated, anyone else watches (room-invites.ts roomLinks). */
export const playUrl = (origin: string, sessionId: string) => `${new URL(roomPath(sessionId), origin).toString()}?mode=play`;

/** Realmcast's sign-in with Discord, back to the lobby: signing in once links the Discord identity. */
export const signInWithDiscordUrl = (origin: string) =>
  `${new URL("/api/login", origin).toString()}?provider=discord&returnTo=%2Ftablesync`;

/** A message's address in Discord, to jump to it. */
export const jumpLink = (guildId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;

import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discordChannels, discordGuilds, oauthAccounts, users } from "../../db/schema";
import type { TableOptions } from "./discord-tables";
import { memberNameColumns } from "../member-columns";
import { hitOutcome, rateLimitHit } from "../rate-limit";
import { RATE_LIMITS, rateLimitMessage } from "../rate-limit-rules";

/**
 * Where a Discord interaction comes from (issue 39): the server, tied to a realm by `/realmcast setup`, the
 * channel's table defaults, and the Realmcast member behind the Discord user, who is the account that signed in
 * with that Discord identity (`oauth_accounts`, provider `discord`): nobody else's. Read in the interaction's first
 * batch, with its hits on the Discord app's limits (per Discord user and per server).
 */

export const DISCORD_PROVIDER = "discord";
/** A channel never set up plays these. */
export const DEFAULT_TABLE: TableOptions = { format: "commander", maxPlayers: 4, bracket: null };

export type DiscordActor = { discordUserId: string; guildId: string; channelId: string };

/** The Realmcast member who signed in with this Discord identity, as a query (no rows: not linked). */
export function linkedMemberQuery(db: Db, discordUserId: string) {
  return db
    .select({ id: users.id, ...memberNameColumns })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, DISCORD_PROVIDER), eq(oauthAccounts.providerUserId, discordUserId)))
    .limit(1);
}
export type LinkedMember = Awaited<ReturnType<typeof linkedMemberQuery>>[number];

export type Prelude = {
  /** The limit's message when this interaction is over one (then nothing else happens). */
  limited: string | null;
  member: LinkedMember | null;
  guild: typeof discordGuilds.$inferSelect | null;
  channel: typeof discordChannels.$inferSelect | null;
  /** The member behind another Discord user the command names (`/realmcast stats user:`), when asked. */
  target: LinkedMember | null;
};

/** The interaction's first batch: both limits' hits, the member, the server's realm, the channel's defaults (one round trip). */
export async function readPrelude(db: Db, actor: DiscordActor, targetDiscordId: string | null, now = Date.now()): Promise<Prelude> {
  const user = RATE_LIMITS.discordUser;
  const guild = RATE_LIMITS.discordGuild;
  const [userHit, guildHit, members, guilds, channels, targets] = await db.batch([
    rateLimitHit(db, `discordUser:${actor.discordUserId}`, user.windowMs, now),
    rateLimitHit(db, `discordGuild:${actor.guildId}`, guild.windowMs, now),
    linkedMemberQuery(db, actor.discordUserId),
    db.select().from(discordGuilds).where(eq(discordGuilds.guildId, actor.guildId)),
    db.select().from(discordChannels).where(eq(discordChannels.channelId, actor.channelId)),
    // "" is nobody's Discord id: no target reads nothing, and the batch keeps one shape.
    linkedMemberQuery(db, targetDiscordId ?? ""),
  ]);
  const userOutcome = hitOutcome(userHit[0], user.limit, user.windowMs, now);
  const guildOutcome = hitOutcome(guildHit[0], guild.limit, guild.windowMs, now);
  const limited = !userOutcome.allowed
    ? rateLimitMessage("discordUser", userOutcome.retryAfterMs)
    : !guildOutcome.allowed
      ? rateLimitMessage("discordGuild", guildOutcome.retryAfterMs)
      : null;
  return { limited, member: members[0] ?? null, guild: guilds[0] ?? null, channel: channels[0] ?? null, target: targets[0] ?? null };
}

/**
 * `/realmcast setup`: ties the server to `communityId` and sets this channel's defaults, in one batch. The caller
 * has checked that the Discord user may manage the server. Open tables keep the realm they opened in.
 */
export async function setUpChannel(
  db: Db,
  actor: DiscordActor,
  communityId: string,
  defaults: TableOptions,
  now = Date.now(),
): Promise<void> {
  await db.batch([
    db
      .insert(discordGuilds)
      .values({ guildId: actor.guildId, communityId, setUpBy: actor.discordUserId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: discordGuilds.guildId, set: { communityId, setUpBy: actor.discordUserId, updatedAt: now } }),
    db
      .insert(discordChannels)
      .values({ channelId: actor.channelId, guildId: actor.guildId, ...defaults, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: discordChannels.channelId, set: { ...defaults, guildId: actor.guildId, updatedAt: now } }),
  ]);
}

/**
 * Links a Discord identity to a member, as signing in with Discord does (workers/domain/members/users.ts): for the local
 * runs' and browser tests' dev seed only (workers/auth/dev-seed.ts), where no Discord sign-in exists. False when the
 * identity already belongs to another member.
 */
export async function linkDiscordIdentity(db: Db, userId: string, discordUserId: string): Promise<boolean> {
  const [, owner] = await db.batch([
    db.insert(oauthAccounts).values({ provider: DISCORD_PROVIDER, providerUserId: discordUserId, userId }).onConflictDoNothing(),
    db
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, DISCORD_PROVIDER), eq(oauthAccounts.providerUserId, discordUserId))),
  ]);
  return owner[0]?.userId === userId;
}

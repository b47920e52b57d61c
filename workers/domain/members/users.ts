import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oauthAccounts, userCommunities, users, type User } from "../../db/schema";
import { accountEmailFor } from "./account-email";
import { keepUploadedAvatar } from "./avatars";

export const DEMO_EMAIL_DOMAIN = "demo.realmcast.gg";

export async function findUserById(db: Db, id: string): Promise<User | null> {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

/** The shape of GET /api/auth/user (spec 000 §7). */
export async function getAuthUser(db: Db, user: User) {
  const rows = await db
    .select({ communityId: userCommunities.communityId })
    .from(userCommunities)
    .where(eq(userCommunities.userId, user.id))
    .all();
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    primaryCommunity: user.primaryCommunity ?? "",
    communities: rows.map((r) => r.communityId),
  };
}
export type AuthUser = Awaited<ReturnType<typeof getAuthUser>>;

export async function listDemoMembers(db: Db, limit = 12) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`))
    .orderBy(users.firstName)
    .limit(limit)
    .all();
}

/** Finds a member by e-mail or creates one (dev sign-in only). */
export async function upsertUserByEmail(db: Db, input: { email: string; firstName: string; lastName?: string }): Promise<User> {
  const email = input.email.toLowerCase();
  const existing = await db.select().from(users).where(eq(users.email, email)).get();
  if (existing) return existing;
  const created = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email,
      firstName: input.firstName,
      lastName: input.lastName || null,
      status: "online",
    })
    .onConflictDoNothing()
    .returning()
    .get();
  // A concurrent sign-in with the same e-mail may have won the insert.
  return created ?? (await db.select().from(users).where(eq(users.email, email)).get())!;
}

export type ProviderProfile = {
  provider: string;
  subject: string;
  email: string | null;
  /** True only when the provider says it verified `email`; unknown counts as unverified. */
  emailVerified: boolean;
  firstName: string | null;
  lastName?: string | null;
  username?: string | null;
  avatarUrl: string | null;
};

/**
 * Creates or updates the member behind an OAuth identity (keyed by provider subject). A new identity joins an
 * existing account only through an e-mail address its provider verified (accountEmailFor).
 */
export async function upsertUserFromProvider(db: Db, profile: ProviderProfile): Promise<User> {
  const account = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, profile.provider), eq(oauthAccounts.providerUserId, profile.subject)))
    .get();
  if (account) {
    const updated = await db
      .update(users)
      // A picture the member uploaded here wins over the provider's.
      .set({ profileImageUrl: keepUploadedAvatar(profile.avatarUrl), updatedAt: Date.now() })
      .where(eq(users.id, account.userId))
      .returning()
      .get();
    if (updated) return updated;
  }
  const email = accountEmailFor(profile);
  const byEmail = await db.select().from(users).where(eq(users.email, email)).get();
  const userId = byEmail?.id ?? crypto.randomUUID();
  const statements = [];
  if (!byEmail) {
    statements.push(
      db.insert(users).values({
        id: userId,
        email,
        firstName: profile.firstName,
        lastName: profile.lastName ?? null,
        profileImageUrl: profile.avatarUrl,
        status: "online",
      }),
    );
  }
  statements.push(
    db.insert(oauthAccounts).values({ provider: profile.provider, providerUserId: profile.subject, userId }).onConflictDoNothing(),
  );
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return (await findUserById(db, userId))!;
}

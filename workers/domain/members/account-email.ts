/** Domain of the stand-in address of members whose provider gave no verified e-mail. Never delivered to. */
export const PROVIDER_PLACEHOLDER_DOMAIN = "users.realmcast.gg";

type Identity = { provider: string; subject: string; email: string | null; emailVerified: boolean };

/**
 * The address an OAuth identity is known by here, which is also the key that links it to an existing account.
 * Only an address the provider verified counts: anyone can type someone else's address into a provider
 * unverified, and linking on it would sign them in as that member. Any other identity gets a stand-in address
 * of its own, so it can neither take over nor reserve a real one (users.email is unique).
 * See docs/decisions/2026-11-24-oauth-account-linking.md.
 */
export function accountEmailFor(identity: Identity): string {
  const verified = identity.emailVerified ? identity.email?.trim().toLowerCase() : null;
  return verified || `${identity.provider}-${identity.subject}@${PROVIDER_PLACEHOLDER_DOMAIN}`.toLowerCase();
}

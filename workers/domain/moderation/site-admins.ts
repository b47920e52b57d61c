import type { Db } from "../../db/client";
import { siteAdmins } from "../../db/schema";

/**
 * Names a member a site administrator. The product never does this on its own (an operator runs
 * `npm run admin:grant`); only the local browser tests' seed route calls it, where the dev sign-in already lets
 * anyone be anyone.
 */
export async function nameSiteAdmin(db: Db, memberId: string, note: string): Promise<void> {
  await db.insert(siteAdmins).values({ userId: memberId, note }).onConflictDoNothing();
}

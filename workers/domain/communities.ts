import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { communities } from "../db/schema";

/** Every realm, in display order (spec 000 §3 Community), as one statement (for batches). */
export function communitiesQuery(db: Db) {
  return db
    .select({
      id: communities.id,
      name: communities.name,
      displayName: communities.displayName,
      description: communities.description,
      iconClass: communities.iconClass,
      themeColor: communities.themeColor,
    })
    .from(communities)
    .orderBy(asc(communities.sortOrder));
}

export async function listCommunities(db: Db) {
  return communitiesQuery(db).all();
}
export type CommunitySummary = Awaited<ReturnType<typeof listCommunities>>[number];

export async function communityExists(db: Db, id: string): Promise<boolean> {
  const row = await db.select({ id: communities.id }).from(communities).where(eq(communities.id, id)).get();
  return row !== undefined;
}

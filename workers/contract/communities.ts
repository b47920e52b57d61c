import { z } from "../lib/zod";

/** Spec 000 §3 Community. */
export const communitySummary = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  iconClass: z.string(),
  themeColor: z.string(),
});
export const communityList = z.array(communitySummary);

/** Path of a realm's membership routes; an unknown realm is a 404. */
export const membershipParams = z.object({ id: z.string().max(64) });

/** POST/DELETE /api/communities/{id}/membership: the caller's membership after the change. */
export const membershipResponse = z.object({
  communityId: z.string(),
  isMember: z.boolean(),
  memberCount: z.number().int(),
});

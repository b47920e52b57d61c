import { z } from "zod";

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

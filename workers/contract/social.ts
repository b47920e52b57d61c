import { z } from "../lib/zod";
import { cursorParam } from "./cursor";
import { multiLine } from "./text";

/** Spec 000 §2 Social Hub platforms; twitter and discord start connected. */
export const SOCIAL_HUB_PLATFORMS = [
  { id: "twitter", name: "Twitter/X", description: "Short updates and go-live announcements", defaultConnected: true },
  { id: "discord", name: "Discord", description: "Your community server's announcement channel", defaultConnected: true },
  { id: "bluesky", name: "Bluesky", description: "Posts for your Bluesky followers", defaultConnected: false },
  { id: "instagram", name: "Instagram", description: "Captions for photos and reels", defaultConnected: false },
  { id: "tiktok", name: "TikTok", description: "Captions for clips and highlights", defaultConnected: false },
] as const;
export const SOCIAL_HUB_PLATFORM_IDS = ["twitter", "discord", "bluesky", "instagram", "tiktok"] as const;
export const socialHubPlatform = z.enum(SOCIAL_HUB_PLATFORM_IDS);
export type SocialHubPlatform = z.infer<typeof socialHubPlatform>;

export const POST_CONTENT_MAX = 5000;
/** The counter's reference length (spec 000 §9); shown, not enforced. */
export const POST_COUNTER = 280;

export const socialPostBody = z.strictObject({
  content: multiLine({ min: 1, max: POST_CONTENT_MAX, required: "Add some content", tooLong: `At most ${POST_CONTENT_MAX} characters` }),
  platforms: z
    .array(socialHubPlatform)
    .min(1, "Select at least one platform")
    .max(SOCIAL_HUB_PLATFORM_IDS.length)
    .transform((list) => [...new Set(list)]),
  /** ISO date-time; when present the post is scheduled and must lie in the future. */
  scheduledFor: z.iso
    .datetime({ offset: true, message: "Use an ISO date-time" })
    .refine((value) => Date.parse(value) > Date.now(), "Choose a time in the future")
    .optional(),
});
export type SocialPostBody = z.infer<typeof socialPostBody>;

/** GET /api/social/posts: newest first; `cursor` is the `nextCursor` of the previous page. */
export const socialPostListQuery = z.strictObject({
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SocialPostListQuery = z.infer<typeof socialPostListQuery>;

export const connectionBody = z.strictObject({ connected: z.boolean() });

export const socialPlatformResponse = z.object({
  id: socialHubPlatform,
  name: z.string(),
  description: z.string(),
  connected: z.boolean(),
});
export const socialPostResponse = z.object({
  id: z.string(),
  content: z.string(),
  platforms: z.array(z.string()),
  scheduledFor: z.string().nullable(),
  status: z.enum(["draft", "scheduled", "due"]),
  createdAt: z.string(),
});
export type SocialPost = z.infer<typeof socialPostResponse>;
export const socialPostPage = z.object({ posts: z.array(socialPostResponse), nextCursor: z.string().nullable() });
export type SocialPostPage = z.infer<typeof socialPostPage>;
export type SocialPlatform = z.infer<typeof socialPlatformResponse>;
export const socialPlatformList = z.array(socialPlatformResponse);

export const socialPlatformParam = z.object({ platform: socialHubPlatform });
export const socialPostIdParam = z.object({ id: z.string() });

import { z } from "../lib/zod";

/**
 * Blocks as a member makes and undoes them on the site (the API's are POST /api/blocks and DELETE /api/blocks/{userId}):
 * from a member's profile, a player's menu in a room, a room that refuses them for their own block, and Settings →
 * Privacy, all through the one page action at BLOCKED_MEMBERS_PATH (the page lists the members they blocked).
 */
export const BLOCKED_MEMBERS_PATH = "/settings/blocked";

/** The form a block or an unblock sends; `returnTo` (a path on the site) is where a plain form post comes back to. */
export const blockAnswer = z.object({
  intent: z.enum(["block", "unblock"]),
  userId: z.string().trim().min(1, "A member is required").max(64),
  returnTo: z.string().max(2048).optional(),
});
export type BlockAnswer = z.infer<typeof blockAnswer>;

/** What a block does, said where a member decides (the confirmation) and in Settings → Privacy. */
export const BLOCK_EXPLAINED =
  "A block works both ways: you stop seeing each other's rooms in the lobby, events in the calendar and posts and replies in the forum, neither of you can join a room or event the other hosts, send the other a friend request or find the other in matchmaking, and neither sees more of the other's profile than a name. They lose any seat in rooms you host. They are not told; you can unblock them at any time.";

export const blockTitle = (name: string) => `Block ${name}?`;

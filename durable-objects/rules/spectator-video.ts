/**
 * Spectators receive the players' video through receive-only peer
 * connections. Every player uploads one stream per viewer, so the number of
 * spectators with video is capped; the rest follow chat, dice and turns only.
 */
export const SPECTATOR_VIDEO_CAP = 6;

/** The ids of the first `cap` spectators, in join order, who get video. */
export function spectatorsWithVideo(spectators: readonly { userId: string; joinedAt: number }[], cap = SPECTATOR_VIDEO_CAP): Set<string> {
  return new Set(
    [...spectators]
      .sort((a, b) => a.joinedAt - b.joinedAt)
      .slice(0, cap)
      .map((s) => s.userId),
  );
}

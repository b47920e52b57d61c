/**
 * How a video ended up after trying to play it: with sound, muted (the
 * browser refused sound without a gesture), or not at all (it refused even
 * muted playback: the page shows "Click to start video").
 */
export type Playback = "playing" | "muted" | "blocked";

type PlayableVideo = { muted: boolean; play(): Promise<void> };

const refusedByPolicy = (error: unknown) => error instanceof DOMException && error.name === "NotAllowedError";

/**
 * Plays a video the way autoplay policies allow: with sound first (a local
 * preview is always muted), muted when sound is refused. An interrupted play
 * (a new stream arrived: "AbortError") is left to the next attempt. Refusals are
 * reported in the console and in the result, never swallowed.
 */
export async function startPlayback(video: PlayableVideo, local: boolean): Promise<Playback> {
  video.muted = local;
  try {
    await video.play();
    return "playing";
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return "playing";
    if (!refusedByPolicy(error) || local) {
      console.warn("Video could not start", error);
      return "blocked";
    }
  }
  video.muted = true;
  try {
    await video.play();
    return "muted";
  } catch (error) {
    console.warn("Video could not start, even muted", error);
    return "blocked";
  }
}

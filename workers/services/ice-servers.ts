import { z } from "../lib/zod";
import { currentLogger } from "../lib/logger";

/**
 * The ICE servers a member's room page hands to WebRTC. STUN always (two public servers unless STUN_URLS lists
 * others); with Cloudflare's TURN service configured (TURN_KEY_ID, and the secret TURN_KEY_API_TOKEN), also a relay
 * for members behind strict NATs, with credentials minted for this page load that expire after TURN_TTL_SECONDS.
 * The page never carries a long-lived or shared TURN password, and the API token never leaves the Worker.
 */

export const DEFAULT_STUN_URLS = ["stun:stun.l.google.com:19302", "stun:stun1.l.google.com:19302"];
/** Long enough for an evening's game (a peer connection keeps its relay once allocated), short enough to be worthless when leaked. */
export const TURN_TTL_SECONDS = 4 * 60 * 60;
export const DEFAULT_TURN_SERVICE_URL = "https://rtc.live.cloudflare.com/v1";
/** A page waits at most this long for credentials; past it the room opens with STUN alone and says so. */
const TURN_TIMEOUT_MS = 3_000;

const iceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;
/** `POST {service}/turn/keys/{keyId}/credentials/generate-ice-servers` answers 201 with this (Cloudflare Realtime TURN). */
export const generatedIceServers = z.object({ iceServers: z.array(iceServer).min(1) });

/** `relay`: TURN credentials minted; `off`: not configured (local runs); `unavailable`: configured, but the service failed. */
export type VideoRelay = "relay" | "off" | "unavailable";
export type IceConfig = { iceServers: IceServer[]; relay: VideoRelay };

type IceEnv = { STUN_URLS?: string; TURN_KEY_ID?: string; TURN_KEY_API_TOKEN?: string; TURN_SERVICE_URL?: string };

export function stunServers(env: Pick<IceEnv, "STUN_URLS">): IceServer[] {
  const urls = (env.STUN_URLS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  return [{ urls: urls.length > 0 ? urls : DEFAULT_STUN_URLS }];
}

export async function iceConfigFor(env: IceEnv, fetcher: typeof fetch = fetch): Promise<IceConfig> {
  const stun = stunServers(env);
  if (!env.TURN_KEY_ID || !env.TURN_KEY_API_TOKEN) return { iceServers: stun, relay: "off" };
  const base = (env.TURN_SERVICE_URL || DEFAULT_TURN_SERVICE_URL).replace(/\/+$/, "");
  try {
    const response = await fetcher(`${base}/turn/keys/${encodeURIComponent(env.TURN_KEY_ID)}/credentials/generate-ice-servers`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.TURN_KEY_API_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ttl: TURN_TTL_SECONDS }),
      signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`TURN service answered ${response.status}`);
    const minted = generatedIceServers.parse(await response.json());
    // The service lists its own STUN servers too; the configured ones stay first.
    return { iceServers: [...stun, ...minted.iceServers], relay: "relay" };
  } catch (error) {
    currentLogger().warn("TURN credentials unavailable", { error });
    return { iceServers: stun, relay: "unavailable" };
  }
}

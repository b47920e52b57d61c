import { z } from "../lib/zod";
import { currentLogger } from "../lib/logger";

/**
 * The ICE servers a member's room page hands to WebRTC. STUN always (two public servers unless STUN_URLS lists
 * others); with Cloudflare's TURN service configured (TURN_KEY_ID, and the secret TURN_KEY_API_TOKEN), also a relay
 * for members behind strict NATs, with credentials minted for one member that expire after the lifetime asked for.
 * The page never carries a long-lived or shared TURN password, and the API token never leaves the Worker. Who gets
 * credentials, how often and for how long is the domain's (workers/domain/rooms/video-relay.ts).
 */

export const DEFAULT_STUN_URLS = ["stun:stun.l.google.com:19302", "stun:stun1.l.google.com:19302"];
export const DEFAULT_TURN_SERVICE_URL = "https://rtc.live.cloudflare.com/v1";
/** A page waits at most this long for credentials; past it the room opens with STUN alone and says so. */
const TURN_TIMEOUT_MS = 3_000;

const iceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;
export const iceServerList = z.array(iceServer).min(1);
/** `POST {service}/turn/keys/{keyId}/credentials/generate-ice-servers` answers 201 with this (Cloudflare Realtime TURN). */
export const generatedIceServers = z.object({ iceServers: iceServerList });

/** `relay`: TURN credentials given; `off`: none (not configured, or no place in the room yet); `unavailable`: configured, but refused or failed. */
export type VideoRelay = "relay" | "off" | "unavailable";
export type IceConfig = { iceServers: IceServer[]; relay: VideoRelay };

export type IceEnv = { STUN_URLS?: string; TURN_KEY_ID?: string; TURN_KEY_API_TOKEN?: string; TURN_SERVICE_URL?: string };

export function stunServers(env: Pick<IceEnv, "STUN_URLS">): IceServer[] {
  const urls = (env.STUN_URLS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  return [{ urls: urls.length > 0 ? urls : DEFAULT_STUN_URLS }];
}

/** Whether a relay can be minted at all (local runs configure none). */
export const turnConfigured = (env: IceEnv) => Boolean(env.TURN_KEY_ID && env.TURN_KEY_API_TOKEN);

/**
 * New TURN credentials from the service, valid `ttlSeconds`: the service's ICE servers (its relay and its own STUN),
 * or null when it is not configured, fails or does not answer in 3 s (logged for the operator).
 */
export async function mintTurnServers(env: IceEnv, ttlSeconds: number, fetcher: typeof fetch = fetch): Promise<IceServer[] | null> {
  if (!env.TURN_KEY_ID || !env.TURN_KEY_API_TOKEN) return null;
  const base = (env.TURN_SERVICE_URL || DEFAULT_TURN_SERVICE_URL).replace(/\/+$/, "");
  try {
    const response = await fetcher(`${base}/turn/keys/${encodeURIComponent(env.TURN_KEY_ID)}/credentials/generate-ice-servers`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.TURN_KEY_API_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ttl: ttlSeconds }),
      signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`TURN service answered ${response.status}`);
    return generatedIceServers.parse(await response.json()).iceServers;
  } catch (error) {
    currentLogger().warn("TURN credentials unavailable", { error });
    return null;
  }
}

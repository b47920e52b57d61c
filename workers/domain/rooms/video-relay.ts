import { currentLogger } from "../../lib/logger";
import { z } from "../../lib/zod";
import type { Db } from "../../db/client";
import { iceServerList, mintTurnServers, stunServers, turnConfigured, type IceConfig, type IceEnv } from "../../services/ice-servers";
import { consumeRateLimit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";

/**
 * Who gets video relay (TURN) credentials, how often and for how long (issue 35: relay minutes cost money, and
 * every page load used to mint a fresh 4-hour credential for anyone signed in). The room page asks here only for a
 * member who holds a seat or a spectator place in that room (room-loader.server.ts); a member gets one credential
 * and keeps it: it is kept in KV and handed out again while it has at least RELAY_REUSE_MIN_SECONDS left, and
 * minting a new one counts against `turnCredential` (a few an hour). Refused or failed: STUN alone, and the page
 * says "Video relay unavailable".
 */

/**
 * A credential's lifetime: 2 h 30 min. Long enough that one handed out (at least 2 h left, below) lasts a long
 * Commander game, since the browser refreshes its relay allocation with the same credential while the call lasts;
 * short enough that a leaked one is worthless by the evening's end. Cloudflare's service takes any TTL.
 */
export const RELAY_TTL_SECONDS = 150 * 60;
/** A kept credential is handed out only while it has this long left (2 h, a game's length); then a new one is minted. */
export const RELAY_REUSE_MIN_SECONDS = 120 * 60;

/** The KV entry of a member's live credential (in the SESSIONS namespace, beside the sessions' SHA-256 keys). */
const relayKey = (memberId: string) => `turn-credential:${memberId}`;
const keptRelay = z.object({ iceServers: iceServerList, expiresAt: z.number().int() });

type RelayEnv = IceEnv & { SESSIONS: KVNamespace };

/** Whether a kept credential may be handed out at `now`: it still has a game's length left. Pure. */
export const stillFresh = (expiresAt: number, now: number) => expiresAt - now >= RELAY_REUSE_MIN_SECONDS * 1000;

async function keptCredential(kv: KVNamespace, memberId: string, now: number) {
  const parsed = keptRelay.safeParse(await kv.get(relayKey(memberId), "json"));
  return parsed.success && stillFresh(parsed.data.expiresAt, now) ? parsed.data.iceServers : null;
}

/**
 * The ICE servers for a member who holds a place in a room: STUN, and with TURN configured the member's live
 * credential (kept in KV), or a new one when none has a game's length left and the member is within
 * `turnCredential`. One KV read; a mint adds one D1 round trip (the limit), the service call and one KV write.
 */
export async function relayForMember(env: RelayEnv, db: Db, memberId: string, now = Date.now()): Promise<IceConfig> {
  const stun = stunServers(env);
  if (!turnConfigured(env)) return { iceServers: stun, relay: "off" };
  const kept = await keptCredential(env.SESSIONS, memberId, now);
  if (kept) return { iceServers: [...stun, ...kept], relay: "relay" };
  const rule = RATE_LIMITS.turnCredential;
  const hit = await consumeRateLimit(db, `turnCredential:${memberId}`, rule.limit, rule.windowMs, now);
  if (!hit.allowed) {
    currentLogger().warn("TURN credential refused: over the member's limit", { memberId, retryAfterMs: hit.retryAfterMs });
    return { iceServers: stun, relay: "unavailable" };
  }
  const minted = await mintTurnServers(env, RELAY_TTL_SECONDS);
  if (!minted) return { iceServers: stun, relay: "unavailable" };
  const expiresAt = now + RELAY_TTL_SECONDS * 1000;
  // Kept until it is too old to hand out; KV forgets it then by itself.
  await env.SESSIONS.put(relayKey(memberId), JSON.stringify({ iceServers: minted, expiresAt }), {
    expirationTtl: Math.max(60, RELAY_TTL_SECONDS - RELAY_REUSE_MIN_SECONDS),
  });
  // The service lists its own STUN servers too; the configured ones stay first.
  return { iceServers: [...stun, ...minted], relay: "relay" };
}

/** What a page gets before the member has a place in the room: STUN alone, no relay yet (and no notice). */
export const directOnly = (env: IceEnv): IceConfig => ({ iceServers: stunServers(env), relay: "off" });

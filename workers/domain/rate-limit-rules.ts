/**
 * Every write limit of the API in one table: how many times a member (or, for
 * visitors, a client address) may do something per window. The routes enforce
 * them through `enforceRateLimit` (rate-limit.ts), the route reference and the
 * README quote them, and the tests drive them. Plain data, no imports, so the
 * contract files (bundled for the browser too) can read it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type RateLimitRule = {
  /** Allowed hits per window; the next one is a 429. */
  limit: number;
  /** The window opens at a subject's first hit and lasts this long. */
  windowMs: number;
  /**
   * Who is counted: the signed-in member (also the member behind an API token, whichever token), the client address
   * (CF-Connecting-IP), the e-mail address typed in a form, the item reported (all members together), or, for the
   * Discord app, the Discord user and server.
   */
  per: "member" | "address" | "sender" | "item" | "discordUser" | "guild";
  /** The 429 message reads "You can {verb} at most {limit} {noun} {window}." */
  verb: string;
  noun: string;
};

export const RATE_LIMITS = {
  // Forum (spec 001 §3): posts and replies notify and show to a whole realm; likes create rows.
  forumPost: { limit: 10, windowMs: HOUR, per: "member", verb: "create", noun: "forum posts" },
  forumReply: { limit: 60, windowMs: HOUR, per: "member", verb: "post", noun: "forum replies" },
  forumLike: { limit: 120, windowMs: HOUR, per: "member", verb: "like", noun: "forum posts" },
  // TableSync: rooms show in every lobby; join and spectate share one counter.
  gameSessionCreate: { limit: 20, windowMs: HOUR, per: "member", verb: "create", noun: "rooms" },
  gameSessionJoin: { limit: 60, windowMs: HOUR, per: "member", verb: "join or watch", noun: "rooms" },
  // Announcing a room to the members waiting for one (workers/domain/rooms/open-room-alerts.ts): each notifies up to 50.
  openRoomAlert: { limit: 3, windowMs: HOUR, per: "member", verb: "announce", noun: "rooms" },
  // Events: a filled game pod notifies its host.
  eventCreate: { limit: 20, windowMs: HOUR, per: "member", verb: "create", noun: "events" },
  eventJoin: { limit: 60, windowMs: HOUR, per: "member", verb: "join", noun: "events" },
  // Tournaments: every round notifies its players; a disputed result notifies the organizer.
  tournamentCreate: { limit: 10, windowMs: HOUR, per: "member", verb: "create", noun: "tournaments" },
  tournamentJoin: { limit: 30, windowMs: HOUR, per: "member", verb: "join", noun: "tournaments" },
  tournamentRound: { limit: 30, windowMs: HOUR, per: "member", verb: "pair", noun: "tournament rounds" },
  matchResult: { limit: 60, windowMs: HOUR, per: "member", verb: "report", noun: "match results" },
  // Room results (issue 27): recording one notifies the other players, a dispute notifies the host.
  gameResult: { limit: 30, windowMs: HOUR, per: "member", verb: "record or answer", noun: "game results" },
  // Reports (issue 38): each one reaches a realm's moderators. One per member and item (a second is a 409), at most
  // 10 an hour per member, and 25 an hour per item from everyone together, so a brigade cannot bury the queue.
  report: { limit: 10, windowMs: HOUR, per: "member", verb: "send", noun: "reports" },
  reportItem: { limit: 25, windowMs: HOUR, per: "item", verb: "add", noun: "reports to one item (from all members together)" },
  // Connections.
  friendRequest: { limit: 60, windowMs: HOUR, per: "member", verb: "send", noun: "friend invites" },
  block: { limit: 60, windowMs: HOUR, per: "member", verb: "block", noun: "members" },
  // Realm membership: joining and leaving share one counter (each changes a realm's member count).
  communityMembership: { limit: 30, windowMs: HOUR, per: "member", verb: "join or leave", noun: "realms" },
  // Profile and Social Hub.
  socialLink: { limit: 30, windowMs: HOUR, per: "member", verb: "add", noun: "social links" },
  socialPost: { limit: 20, windowMs: MINUTE, per: "member", verb: "create", noun: "social posts" },
  // Each upload stores an object in R2.
  avatarUpload: { limit: 20, windowMs: HOUR, per: "member", verb: "upload", noun: "profile pictures" },
  // Card data (issue 26): each lookup may call Scryfall and write the card cache; a saved deck is a row of its own.
  cardLookup: { limit: 120, windowMs: MINUTE, per: "member", verb: "look up", noun: "cards" },
  // Click-to-identify's second step (issue 36): one request a click the hash leaves unclear, for the keypoints of up
  // to 32 printings (counted as one: each costs an R2 read, and at most 4 a request are made from their pictures, a
  // fetch from the image host and ~40–110 ms of CPU each), so at most 240 made a minute, as when each was a request.
  cardFeatures: { limit: 60, windowMs: MINUTE, per: "member", verb: "fetch", noun: "sets of card keypoints" },
  deckResolve: { limit: 60, windowMs: HOUR, per: "member", verb: "check", noun: "deck lists" },
  deckCreate: { limit: 30, windowMs: HOUR, per: "member", verb: "save", noun: "decks" },
  // Reads that cost a scan of many members.
  matchmakingSearch: { limit: 30, windowMs: MINUTE, per: "member", verb: "run", noun: "searches" },
  // Contact form (sliding hours, see docs/decisions/2026-11-26-contact-limits.md): tight per person (the member,
  // and the e-mail typed), loose per network, because a game store, a convention hall or a carrier NAT puts many
  // people behind one address and one of them must not lock out the rest.
  contactSender: { limit: 3, windowMs: HOUR, per: "sender", verb: "send", noun: "messages from one e-mail address" },
  contactMember: { limit: 5, windowMs: HOUR, per: "member", verb: "send", noun: "messages" },
  contactNetwork: { limit: 30, windowMs: HOUR, per: "address", verb: "send", noun: "messages from one network" },
  // Personal access tokens (issue 27): creating one stores a credential. Requests with tokens have one budget per
  // member behind them (issue 35: three tokens give no more than one), counted in the auth middleware before the
  // route's own limits, whatever the route; the routes' limits count that member too.
  accessTokenCreate: { limit: 10, windowMs: HOUR, per: "member", verb: "create", noun: "API tokens" },
  accessTokenUse: { limit: 120, windowMs: MINUTE, per: "member", verb: "make", noun: "requests with your API tokens" },
  // Video relay (TURN) credentials (issue 35): relay minutes cost money. A member's live credential is reused (kept in
  // KV while it has 2 h left, workers/domain/rooms/video-relay.ts), so a member mints one each 30 minutes at most in
  // normal use; this caps the rest. Over it the room opens with STUN alone ("Video relay unavailable").
  turnCredential: { limit: 4, windowMs: HOUR, per: "member", verb: "get", noun: "new video relay credentials" },
  // GET /api/health (issue 38): each check writes this counter and reads D1; monitors poll every few seconds at most.
  health: { limit: 60, windowMs: MINUTE, per: "address", verb: "make", noun: "health checks" },
  // The Discord app (issue 39): every command and button press, counted per Discord user and per server before
  // anything else is read or written (linked or not), besides the limits of what it does (a room's creation...).
  discordUser: { limit: 20, windowMs: MINUTE, per: "discordUser", verb: "use", noun: "Realmcast commands and buttons" },
  discordGuild: { limit: 300, windowMs: MINUTE, per: "guild", verb: "send", noun: "Realmcast commands from one server" },
  // A webhook URL set on a token (issue 27): each change makes a new signing secret.
  webhookUpdate: { limit: 20, windowMs: HOUR, per: "member", verb: "change", noun: "webhooks" },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** "a minute", "an hour", "10 minutes", "2 hours". */
export function windowText(windowMs: number): string {
  if (windowMs % HOUR === 0) return windowMs === HOUR ? "an hour" : `${windowMs / HOUR} hours`;
  const minutes = Math.max(1, Math.round(windowMs / MINUTE));
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/** "10 forum posts an hour": for the route reference's 429 lines and the README. */
export function limitText(name: RateLimitName): string {
  const rule: RateLimitRule = RATE_LIMITS[name];
  return `${rule.limit} ${rule.noun} ${windowText(rule.windowMs)}`;
}

/** "in 12 minutes", "in 40 seconds", "in a minute". */
function retryText(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "in a minute" : `in ${minutes} minutes`;
}

/** The 429 message: what the limit is and when to try again (unknown: "later"). */
export function rateLimitMessage(name: RateLimitName, retryAfterMs?: number): string {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const when = retryAfterMs === undefined ? "later" : retryText(retryAfterMs);
  return `You can ${rule.verb} at most ${limitText(name)}. Please try again ${when}.`;
}

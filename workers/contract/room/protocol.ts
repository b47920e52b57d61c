/**
 * Over 300 lines on purpose: every frame of the room socket is declared here, in one union the room and
 * the browser both parse with; splitting it would split the contract.
 */
import { z } from "../../lib/zod";
import { cardDto, cardIdParam } from "../cards";
import { MAX_BRACKET, MIN_BRACKET } from "../brackets";
import { checkText } from "../text";
import { COUNTER_NAMES, NUMBER_COUNTERS } from "./commander";
import { DICE_SIDES } from "./dice";

/**
 * The TableSync room socket (spec 001 §7). Frame names are the spec's; the
 * room parses every inbound frame with `clientFrame` and answers a bad one
 * with an `error` frame. Identity in frames (`user`, `sessionId`) is accepted
 * for compatibility but ignored: the Worker tells the room who is connected.
 *
 * Commander tools (issue 14), server-authoritative, in every roster and logged
 * in chat as game actions (life changes too):
 * - `game_action` `commander_damage` `{ from: <playerId>, delta }`: damage the
 *   sender took from `from`'s commander (any other seated player); it costs the
 *   same life. 21 from one commander is lethal (rules/commander.ts).
 * - `game_action` `counter` `{ name, delta }`: the sender's poison (10 lethal),
 *   energy or experience; for `monarch` and `initiative` a positive delta takes
 *   the designation (one holder at a time) and a negative one gives it up.
 *
 * Presence (rules/presence.ts): rosters list connected `players` and seated
 * players who are `away`, with `seatHeldUntil` (the seat is held 5 minutes). Any
 * seated player may pass an away player's turn; the room skips it itself after
 * 45 s (AWAY_GRACE_MS) and hands an away host's role to the next connected seat
 * after the same grace. `serverTime` (the room's clock when it sent the roster)
 * lets pages count down and show the shared game clock (`startedAt`, set when the
 * game starts, with a random first player announced in `game_started`).
 * When the room ends (the last player left, a waiting room stayed empty for
 * ROOM_IDLE_MINUTES, or the host sent `end_game`) every socket gets
 * `room_ended`, then closes with ROOM_CLOSE.ended. A host's `remove` closes
 * that member's sockets with ROOM_CLOSE.removed.
 *
 * Cards at the table (issue 26):
 * - `set_deck` `{ deckId }`: a seated player puts one of their own saved decks on their seat (null takes it off);
 *   every roster then carries the seat's `deck` (name and commanders), for players and spectators alike.
 *   Rule 0 (issue 27): `{ deckId: null, deckName }` says a deck by name only, and `bracket` (1-5, Commander rooms)
 *   is the bracket the player gives the deck they bring; the seat's `deck` carries it (`id` null for a named deck).
 * - `share_card` `{ cardId }`: a player shows a card (a Scryfall id) to the table; the room looks it up and posts
 *   a chat message of type `card` carrying it. When the card service cannot be reached the sender gets an
 *   `error` frame `card_service_unavailable` saying so, and nothing else changes.
 */

/** Frames larger than this are refused before parsing. */
export const MAX_FRAME_BYTES = 64 * 1024;
export const CHAT_MAX_CHARS = 2000;
/** Chat history kept by the room, and how much a joiner receives. */
export const CHAT_HISTORY_KEPT = 200;
export const CHAT_HISTORY_SENT = 100;
export const DICE_LOG_KEPT = 200;

const id = z.string().min(1).max(100);
/** Ignored: who sent a frame is known from the connection. */
const claimedUser = z
  .object({ id: z.string().max(100).optional(), name: z.string().max(200).optional(), avatar: z.string().max(2000).nullish() })
  .partial()
  .optional();

const sessionDescription = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().max(60_000) });
const iceCandidate = z
  .object({
    candidate: z.string().max(2000),
    sdpMid: z.string().max(100).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(100).nullish(),
    usernameFragment: z.string().max(256).nullish(),
  })
  .nullable();

const diceRoll = z.object({
  type: z.literal("game_action"),
  sessionId: id.optional(),
  action: z.literal("dice_roll"),
  // `result` is accepted for compatibility with the spec's client and ignored: the room rolls.
  data: z.object({ sides: z.literal(DICE_SIDES), result: z.unknown().optional() }),
  user: claimedUser,
});
const passTurn = z.object({
  type: z.literal("game_action"),
  sessionId: id.optional(),
  action: z.literal("pass_turn"),
  data: z.object({}).optional(),
  user: claimedUser,
});
const lifeChange = z.object({
  type: z.literal("game_action"),
  sessionId: id.optional(),
  action: z.literal("life_change"),
  data: z.object({
    delta: z
      .number()
      .int()
      .min(-1000)
      .max(1000)
      .refine((n) => n !== 0, "delta must not be 0"),
  }),
  user: claimedUser,
});
const toolDelta = z
  .number()
  .int()
  .min(-100)
  .max(100)
  .refine((n) => n !== 0, "delta must not be 0");
const commanderDamage = z.object({
  type: z.literal("game_action"),
  sessionId: id.optional(),
  action: z.literal("commander_damage"),
  data: z.object({ from: id, delta: toolDelta }),
  user: claimedUser,
});
const counter = z.object({
  type: z.literal("game_action"),
  sessionId: id.optional(),
  action: z.literal("counter"),
  data: z.object({ name: z.enum(COUNTER_NAMES), delta: toolDelta }),
  user: claimedUser,
});

/** Rule 0: a deck said by name only (not one of the player's saved decks), one line as a deck's own name is. */
export const SEAT_DECK_NAME_MAX = 80;
const seatDeckName = z.string().trim().min(1).max(SEAT_DECK_NAME_MAX).superRefine(checkText("single-line"));
/** Rule 0: the Commander bracket a player gives the deck they bring. */
const deckBracket = z.number().int().min(MIN_BRACKET).max(MAX_BRACKET);

export const clientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join_room"), sessionId: id.optional(), user: claimedUser }),
  // Chat keeps line breaks and tabs; bidi controls, other control characters and invisible-only text are refused.
  z.object({
    type: z.literal("message"),
    sessionId: id.optional(),
    content: z
      .string()
      .max(CHAT_MAX_CHARS * 2)
      .superRefine(checkText("multi-line")),
    user: claimedUser,
  }),
  z.discriminatedUnion("action", [diceRoll, passTurn, lifeChange, commanderDamage, counter]),
  z.object({ type: z.literal("webrtc_offer"), targetPlayer: id, offer: sessionDescription, sessionId: id.optional() }),
  z.object({ type: z.literal("webrtc_answer"), targetPlayer: id, answer: sessionDescription, sessionId: id.optional() }),
  z.object({ type: z.literal("webrtc_ice_candidate"), targetPlayer: id, candidate: iceCandidate, sessionId: id.optional() }),
  z.object({ type: z.literal("camera_status"), enabled: z.boolean() }),
  z.object({ type: z.literal("mic_status"), enabled: z.boolean() }),
  // Host only: the game ends for everyone (room_ended with reason host_ended); anyone else gets a `forbidden` error.
  z.object({ type: z.literal("end_game"), sessionId: id.optional() }),
  // A seated player's own saved deck on their seat, or a deck said by name only (both null: none), and its bracket.
  // The room checks a saved deck is theirs.
  z
    .object({
      type: z.literal("set_deck"),
      deckId: z.string().trim().min(1).max(64).nullable(),
      deckName: seatDeckName.nullish(),
      bracket: deckBracket.nullish(),
      sessionId: id.optional(),
    })
    .refine((f) => f.deckId === null || f.deckName == null, { message: "Send a saved deck or a deck name, not both", path: ["deckName"] })
    .refine((f) => f.bracket == null || f.deckId !== null || f.deckName != null, {
      message: "A bracket goes with a deck",
      path: ["bracket"],
    }),
  // Host only, while the game is played: puts a seated player out of the game (a concession) or brings one back (a
  // mistaken life change). The room puts a player out by itself when a change takes them to lost.
  z.object({ type: z.literal("seat_out"), userId: id, out: z.boolean(), sessionId: id.optional() }),
  // Shows a card to the table: a chat message of type "card" (players only, like chat).
  z.object({ type: z.literal("share_card"), cardId: cardIdParam.shape.id, sessionId: id.optional() }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;
export type GameActionFrame = Extract<ClientFrame, { type: "game_action" }>;

// ------------------------------------------------------------------ server → client

/** A commander as a seat shows it: its art and name (the full image opens on demand). */
export const seatCommander = cardDto.pick({ id: true, name: true, artUrl: true, imageUrl: true });
export type SeatCommander = z.infer<typeof seatCommander>;

/**
 * The deck a player put on their seat (`set_deck`): its name and commanders, shown on the seat to everyone, and the
 * bracket they gave it (Rule 0; null when not said). `id` is null for a deck said by name only (no commanders).
 */
export const seatDeck = z.object({
  id: z.string().nullable(),
  name: z.string(),
  commanders: z.array(seatCommander),
  bracket: z.number().int().nullable(),
});
export type SeatDeck = z.infer<typeof seatDeck>;

/** A card shown to the table (`share_card`): what the chat line and its dialog show. */
export const sharedCard = cardDto.pick({ id: true, name: true, imageUrl: true, typeLine: true, oracleText: true, manaCost: true });
export type SharedCard = z.infer<typeof sharedCard>;

/** Spec 001 §3 "Player in room", plus what the table shows about them. */
export const roomPlayer = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  seat: z.number().int(),
  isHost: z.boolean(),
  life: z.number().int(),
  /** Commander damage taken, by the id of the player whose commander dealt it. */
  commanderDamage: z.record(z.string(), z.number().int()),
  counters: z.object(
    Object.fromEntries(NUMBER_COUNTERS.map((n) => [n, z.number().int()])) as Record<(typeof NUMBER_COUNTERS)[number], z.ZodNumber>,
  ),
  /** The deck on the seat, or null. */
  deck: seatDeck.nullable(),
  /** Out of the game (issue 37): lost by the table's numbers or put out by the host; the turn order skips them. */
  out: z.boolean(),
});
export type RoomPlayer = z.infer<typeof roomPlayer>;

export const roomSpectator = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** Whether players send this spectator their video (capped, see rules/spectator-video.ts). */
  receivesVideo: z.boolean(),
});
export type RoomSpectator = z.infer<typeof roomSpectator>;

/** Spec 001 §3 "Chat message", without the spec's `sender.email`: no member's address reaches another. */
export const chatMessage = z.object({
  id: z.string(),
  sender: z.object({ id: z.string(), firstName: z.string(), profileImageUrl: z.string().nullable() }),
  content: z.string(),
  timestamp: z.string(),
  type: z.enum(["chat", "game_action", "card"]),
  /** The card shown, on a `card` message only. */
  card: sharedCard.optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A seated player with no open socket: the seat is held until `seatHeldUntil` (null: never connected since the room knew them). */
export const awayPlayer = roomPlayer.extend({ seatHeldUntil: z.number().nullable() });
export type AwayPlayer = z.infer<typeof awayPlayer>;

/** Why a room ended: its last player left, it stayed empty (ROOM_IDLE_MINUTES), or its host ended the game. */
export const roomEndReason = z.enum(["last_player_left", "idle", "host_ended", "moderator_ended"]);
export type RoomEndReason = z.infer<typeof roomEndReason>;

const roomStatus = z.enum(["waiting", "active", "completed"]);
const roster = {
  players: z.array(roomPlayer),
  away: z.array(awayPlayer),
  monarch: z.string().nullable(),
  initiative: z.string().nullable(),
  /** When the game started (the room's clock, epoch ms); null while waiting. */
  startedAt: z.number().nullable(),
  /** The room's clock when it sent this, so pages count from the same time. */
  serverTime: z.number(),
  spectators: z.array(roomSpectator),
  hostId: z.string(),
  currentTurn: z.string().nullable(),
  status: roomStatus,
};

export const diceResult = z.object({ sides: z.number().int(), value: z.number().int() });
export const lifeResult = z.object({ playerId: z.string(), life: z.number().int(), delta: z.number().int() });
export const commanderDamageResult = z.object({
  playerId: z.string(),
  from: z.string(),
  total: z.number().int(),
  delta: z.number().int(),
  life: z.number().int(),
});
export const counterResult = z.object({
  playerId: z.string(),
  name: z.enum(COUNTER_NAMES),
  /** The player's count (1/0 for a designation: held or not). */
  value: z.number().int(),
  delta: z.number().int(),
  monarch: z.string().nullable(),
  initiative: z.string().nullable(),
});

export const serverFrame = z.discriminatedUnion("type", [
  /** Sent to a socket once its join_room succeeds: everything needed to draw the room. */
  z.object({
    type: z.literal("room_state"),
    sessionId: z.string(),
    you: z.object({ id: z.string(), role: z.enum(["player", "spectator"]), receivesVideo: z.boolean() }),
    ...roster,
    messages: z.array(chatMessage),
  }),
  z.object({ type: z.literal("message"), message: chatMessage }),
  z.object({
    type: z.literal("player_joined"),
    player: z.union([roomPlayer, roomSpectator]),
    role: z.enum(["player", "spectator"]),
    ...roster,
  }),
  z.object({ type: z.literal("player_left"), player: z.object({ id: z.string(), name: z.string() }), ...roster }),
  /** Membership, host or status changed outside a join/leave (REST start, host hand-over). */
  z.object({ type: z.literal("room_update"), ...roster }),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("game_action"), action: z.literal("dice_roll"), player: z.string(), result: diceResult }),
    z.object({ type: z.literal("game_action"), action: z.literal("life_change"), player: z.string(), result: lifeResult }),
    z.object({ type: z.literal("game_action"), action: z.literal("commander_damage"), player: z.string(), result: commanderDamageResult }),
    z.object({ type: z.literal("game_action"), action: z.literal("counter"), player: z.string(), result: counterResult }),
  ]),
  /** The game started: the room's start time and the randomly picked first player, to everyone. */
  z.object({ type: z.literal("game_started"), startedAt: z.number(), firstPlayer: z.string().nullable() }),
  /** The room is over (then every socket closes with ROOM_CLOSE.ended). */
  z.object({ type: z.literal("room_ended"), reason: roomEndReason, message: z.string() }),
  /** `by` is the player who passed, or "room" when the room skipped an away player. */
  z.object({ type: z.literal("turn_change"), player: z.string().nullable(), by: z.string() }),
  z.object({ type: z.literal("webrtc_offer"), fromPlayer: z.string(), offer: sessionDescription }),
  z.object({ type: z.literal("webrtc_answer"), fromPlayer: z.string(), answer: sessionDescription }),
  z.object({ type: z.literal("webrtc_ice_candidate"), fromPlayer: z.string(), candidate: iceCandidate }),
  z.object({ type: z.literal("camera_status"), player: z.string(), enabled: z.boolean() }),
  z.object({ type: z.literal("mic_status"), player: z.string(), enabled: z.boolean() }),
  z.object({ type: z.literal("error"), message: z.string(), code: z.string() }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;

/** Error codes the room page acts on (others it only shows). */
export const ROOM_ERROR = {
  /** The member has no place in the room (never took one, or a spectator place ended with its last socket): take one first. */
  noPlace: "not_member",
  /** Signalling to someone who is no longer there (they left or were removed while an offer or candidate was on its way). */
  unknownTarget: "unknown_target",
  /** Signalling to a spectator past the video cap. */
  spectatorCap: "spectator_cap",
  /** `share_card` named no card the card service knows. */
  unknownCard: "unknown_card",
  /** The card service cannot be reached (its message is CARD_SERVICE_UNAVAILABLE, shown as it is). */
  cardServiceUnavailable: "card_service_unavailable",
} as const;

/**
 * Refusals of a WebRTC frame, not of anything the member did: the roster frame that follows (player_left, a new
 * spectator list) already tells the page to drop that peer, so the page does not show them as errors.
 */
export function isSignallingRefusal(code: string): boolean {
  return code === ROOM_ERROR.unknownTarget || code === ROOM_ERROR.spectatorCap;
}

/**
 * The room page's parse of one frame from the room, with the same schema the
 * room's frames are typed by: null for anything it does not describe (the page
 * skips it rather than act on a shape it does not know).
 */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = serverFrame.safeParse(json);
  return result.success ? result.data : null;
}

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; code: "too_large" | "bad_json" | "bad_frame"; message: string };

/** Size check, JSON parse and schema parse of one inbound frame. */
export function parseClientFrame(raw: string | ArrayBuffer | ArrayBufferView): ParsedFrame {
  if (typeof raw !== "string") return { ok: false, code: "bad_frame", message: "Frames must be JSON text" };
  // UTF-8 is at most 3 bytes per UTF-16 unit: only measure exactly when it could matter.
  if (raw.length * 3 > MAX_FRAME_BYTES && new TextEncoder().encode(raw).byteLength > MAX_FRAME_BYTES) {
    return { ok: false, code: "too_large", message: "Frame too large (64 KB max)" };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: "bad_json", message: "Frame is not valid JSON" };
  }
  const result = clientFrame.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, code: "bad_frame", message: `Invalid frame: ${issue?.path.join(".") || "type"} ${issue?.message ?? ""}`.trim() };
  }
  return { ok: true, frame: result.data };
}

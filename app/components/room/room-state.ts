import type { AwayPlayer, ChatMessage, RoomPlayer, RoomSpectator, ServerFrame } from "../../../workers/contract/room/protocol";

/** What the room page draws, folded from the room's frames (pure, so it is easy to test). */
export type RoomView = {
  you: { id: string; role: "player" | "spectator"; receivesVideo: boolean } | null;
  players: RoomPlayer[];
  /** Seated players with no open socket (their seat is held). */
  away: AwayPlayer[];
  spectators: RoomSpectator[];
  hostId: string | null;
  currentTurn: string | null;
  status: "waiting" | "active" | "completed" | null;
  monarch: string | null;
  initiative: string | null;
  /** The room's start time (its clock). */
  startedAt: number | null;
  /** Room clock minus this browser's clock, so every page shows the same game time and countdowns. */
  clockOffset: number;
  /** Whether a frame with the room's time has arrived yet (until then clockOffset is only a default). */
  clockSynced: boolean;
  messages: ChatMessage[];
  lastRoll: { player: string; sides: number; value: number; at: number } | null;
  /** The room ended (the last player left, or it stayed empty): why, as the room says it. */
  ended: string | null;
};

export const MESSAGES_SHOWN = 200;

export const emptyRoomView: RoomView = {
  you: null,
  players: [],
  away: [],
  spectators: [],
  hostId: null,
  currentTurn: null,
  status: null,
  monarch: null,
  initiative: null,
  startedAt: null,
  clockOffset: 0,
  clockSynced: false,
  messages: [],
  lastRoll: null,
  ended: null,
};

type Roster = Omit<Extract<ServerFrame, { type: "room_update" }>, "type">;

/**
 * Each roster frame carries the room's time when it was sent. A frame can reach the page late (a busy page or
 * network) but never early, so the largest "room time minus page time" seen is the closest to the truth: a
 * late frame never sets this page's game clock back.
 */
function withRoster(view: RoomView, frame: Roster, now: number): RoomView {
  return {
    ...view,
    players: frame.players,
    away: frame.away,
    spectators: frame.spectators,
    hostId: frame.hostId,
    currentTurn: frame.currentTurn,
    status: frame.status,
    monarch: frame.monarch,
    initiative: frame.initiative,
    startedAt: frame.startedAt,
    clockOffset: view.clockSynced ? Math.max(view.clockOffset, frame.serverTime - now) : frame.serverTime - now,
    clockSynced: true,
  };
}

/** Updates one player wherever they sit (connected or away). */
function updatePlayer(view: RoomView, id: string, change: (p: RoomPlayer) => RoomPlayer): RoomView {
  return {
    ...view,
    players: view.players.map((p) => (p.id === id ? change(p) : p)),
    away: view.away.map((p) => (p.id === id ? { ...p, ...change(p) } : p)),
  };
}

export function reduceRoomView(view: RoomView, frame: ServerFrame, now = Date.now()): RoomView {
  switch (frame.type) {
    case "room_state":
      return { ...withRoster(view, frame, now), you: frame.you, messages: frame.messages, ended: null };
    case "player_joined":
    case "player_left":
    case "room_update": {
      const you = view.you && frame.spectators.find((s) => s.id === view.you!.id);
      return {
        ...withRoster(view, frame, now),
        you: view.you && you ? { ...view.you, receivesVideo: you.receivesVideo } : view.you,
      };
    }
    case "message":
      if (view.messages.some((m) => m.id === frame.message.id)) return view;
      return { ...view, messages: [...view.messages, frame.message].slice(-MESSAGES_SHOWN) };
    case "game_action":
      switch (frame.action) {
        case "dice_roll":
          return { ...view, lastRoll: { player: frame.player, ...frame.result, at: now } };
        case "life_change": {
          const { playerId, life } = frame.result;
          return updatePlayer(view, playerId, (p) => ({ ...p, life }));
        }
        case "commander_damage": {
          const { playerId, from, total, life } = frame.result;
          return updatePlayer(view, playerId, (p) => {
            const commanderDamage = { ...p.commanderDamage };
            if (total === 0) delete commanderDamage[from];
            else commanderDamage[from] = total;
            return { ...p, life, commanderDamage };
          });
        }
        case "counter": {
          const { playerId, name, value, monarch, initiative } = frame.result;
          const next = { ...view, monarch, initiative };
          if (name === "monarch" || name === "initiative") return next;
          return updatePlayer(next, playerId, (p) => ({ ...p, counters: { ...p.counters, [name]: value } }));
        }
        default: {
          const unreachable: never = frame;
          return unreachable;
        }
      }
    case "turn_change":
      return { ...view, currentTurn: frame.player };
    case "game_started":
      return { ...view, startedAt: frame.startedAt, currentTurn: frame.firstPlayer, status: "active" };
    case "room_ended":
      return { ...view, ended: frame.message, status: "completed" };
    // Signalling, media status and errors change nothing drawn from this view (the page handles them).
    case "webrtc_offer":
    case "webrtc_answer":
    case "webrtc_ice_candidate":
    case "camera_status":
    case "mic_status":
    case "error":
      return view;
    default: {
      const unreachable: never = frame;
      return unreachable;
    }
  }
}

/** Seconds since the room's start time, by the room's clock (the same on every page). */
export function elapsedSeconds(startedAt: number | null, clockOffset: number, now: number): number {
  if (startedAt === null) return 0;
  return Math.max(0, Math.floor((now + clockOffset - startedAt) / 1000));
}

/** "4:32" until a held seat is given up (by the room's clock); null when not counting. */
export function seatCountdown(seatHeldUntil: number | null, clockOffset: number, now: number): string | null {
  if (seatHeldUntil === null) return null;
  const left = Math.max(0, Math.ceil((seatHeldUntil - (now + clockOffset)) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

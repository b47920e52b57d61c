import type { ChatMessage, RoomPlayer, RoomSpectator, ServerFrame } from "../../../durable-objects/protocol";

/** What the room page draws, folded from the room's frames (pure, so it is easy to test). */
export type RoomView = {
  you: { id: string; role: "player" | "spectator"; receivesVideo: boolean } | null;
  players: RoomPlayer[];
  spectators: RoomSpectator[];
  hostId: string | null;
  currentTurn: string | null;
  status: "waiting" | "active" | "completed" | null;
  messages: ChatMessage[];
  lastRoll: { player: string; sides: number; value: number; at: number } | null;
};

export const MESSAGES_SHOWN = 200;

export const emptyRoomView: RoomView = {
  you: null,
  players: [],
  spectators: [],
  hostId: null,
  currentTurn: null,
  status: null,
  messages: [],
  lastRoll: null,
};

export function reduceRoomView(view: RoomView, frame: ServerFrame, now = Date.now()): RoomView {
  switch (frame.type) {
    case "room_state":
      return {
        ...view,
        you: frame.you,
        players: frame.players,
        spectators: frame.spectators,
        hostId: frame.hostId,
        currentTurn: frame.currentTurn,
        status: frame.status,
        messages: frame.messages,
      };
    case "player_joined":
    case "player_left":
    case "room_update": {
      const you = view.you && frame.spectators.find((s) => s.id === view.you!.id);
      return {
        ...view,
        you: view.you && you ? { ...view.you, receivesVideo: you.receivesVideo } : view.you,
        players: frame.players,
        spectators: frame.spectators,
        hostId: frame.hostId,
        currentTurn: frame.currentTurn,
        status: frame.status,
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
          return { ...view, players: view.players.map((p) => (p.id === playerId ? { ...p, life } : p)) };
        }
        default: {
          const unreachable: never = frame;
          return unreachable;
        }
      }
    case "turn_change":
      return { ...view, currentTurn: frame.player };
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

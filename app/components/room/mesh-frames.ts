/**
 * Which of the room's frames steer the peer mesh, and how: pure over the mesh's controls, so the wiring is tested
 * without WebRTC (mesh-frames.test.ts). The mesh itself (peer-mesh.ts) holds the connections.
 */
import type { RoomSpectator, ServerFrame } from "../../../workers/contract/room/protocol";
import type { PeerMesh } from "./peer-mesh";

export type MeshControls = Pick<PeerMesh, "offerLater" | "syncSpectators" | "close" | "handleOffer" | "handleAnswer" | "handleIce">;

/** The spectators who have a video place: the only ones a player sends video to. */
export function spectatorsWithVideo(spectators: readonly Pick<RoomSpectator, "id" | "receivesVideo">[]): string[] {
  return spectators.filter((s) => s.receivesVideo).map((s) => s.id);
}

/** Whether this page sends its camera: a seated player on a page opened to play (never one opened to spectate). */
export function publishes(role: "player" | "spectator", mode: "play" | "spectate"): boolean {
  return role === "player" && mode === "play";
}

/**
 * Applies one frame to the current mesh. `room_state` (a fresh mesh) and `room_ended` (none) are the hook's: they
 * replace the mesh rather than steer it.
 */
export function steerMesh(mesh: MeshControls, frame: ServerFrame, selfId: string): void {
  switch (frame.type) {
    case "player_joined":
      if (frame.player.id === selfId) return;
      if (frame.role === "player") mesh.offerLater(frame.player.id, false);
      else {
        // A returning spectator dropped its old connections: offer afresh.
        if ("receivesVideo" in frame.player && frame.player.receivesVideo) mesh.offerLater(frame.player.id, true);
        mesh.syncSpectators(spectatorsWithVideo(frame.spectators));
      }
      return;
    case "player_left":
      mesh.close(frame.player.id);
      mesh.syncSpectators(spectatorsWithVideo(frame.spectators));
      return;
    case "room_update":
      mesh.syncSpectators(spectatorsWithVideo(frame.spectators));
      return;
    case "webrtc_offer":
      void mesh.handleOffer(frame.fromPlayer, frame.offer);
      return;
    case "webrtc_answer":
      void mesh.handleAnswer(frame.fromPlayer, frame.answer);
      return;
    case "webrtc_ice_candidate":
      void mesh.handleIce(frame.fromPlayer, frame.candidate);
      return;
    default:
      return;
  }
}

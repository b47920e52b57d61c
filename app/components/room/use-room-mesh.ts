import { useCallback, useEffect, useRef, useState } from "react";
import type { RoomChannel } from "~/hooks/use-room-socket";
import { publishes, spectatorsWithVideo, steerMesh } from "./mesh-frames";
import { PeerMesh } from "./peer-mesh";

export type RoomMeshOptions = {
  sessionId: string;
  selfId: string;
  mode: "play" | "spectate";
  /** STUN, and TURN when the Worker has credentials for Cloudflare's service (the route's loader asks for them). */
  iceServers: RTCIceServer[];
};

/**
 * This page's WebRTC mesh (peer-mesh.ts) over the room's socket: a connection to each other member who should see
 * or send video, its signalling as room frames, the remote members' streams, and the video budget's verdict on this
 * player's upload. A fresh mesh comes with every `room_state` (the socket (re)joined: the others offer again) and
 * goes with the room. `setTracks` hands it the outgoing camera, microphone or shared screen.
 */
export function useRoomMesh(channel: RoomChannel, options: RoomMeshOptions) {
  const [remoteStreams, setRemoteStreams] = useState<Record<string, MediaStream>>({});
  const [uploadLimited, setUploadLimited] = useState(false);
  const meshRef = useRef<PeerMesh | null>(null);
  const tracksRef = useRef<{ video: MediaStreamTrack | null; audio: MediaStreamTrack | null }>({ video: null, audio: null });
  // A loader's revalidation hands new option objects: the mesh keeps the ones it was built with until the next room_state.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const onRemoteStream = useCallback((peerId: string, stream: MediaStream | null) => {
    setRemoteStreams((all) => {
      const next = { ...all };
      if (stream) next[peerId] = stream;
      else delete next[peerId];
      return next;
    });
  }, []);

  const { send, subscribe } = channel;
  useEffect(
    () =>
      subscribe((frame) => {
        const { sessionId, selfId, mode, iceServers } = optionsRef.current;
        if (frame.type === "room_state") {
          meshRef.current?.dispose();
          const mesh = new PeerMesh(
            publishes(frame.you.role, mode),
            iceServers,
            (signal) => send({ ...signal, sessionId }),
            onRemoteStream,
            setUploadLimited,
          );
          mesh.setTracks(tracksRef.current.video, tracksRef.current.audio);
          meshRef.current = mesh;
          mesh.syncSpectators(spectatorsWithVideo(frame.spectators));
        } else if (frame.type === "room_ended") {
          meshRef.current?.dispose();
        } else if (meshRef.current) {
          steerMesh(meshRef.current, frame, selfId);
        }
      }),
    [subscribe, send, onRemoteStream],
  );
  useEffect(() => () => meshRef.current?.dispose(), []);

  const setTracks = useCallback((video: MediaStreamTrack | null, audio: MediaStreamTrack | null) => {
    tracksRef.current = { video, audio };
    meshRef.current?.setTracks(video, audio);
  }, []);

  return { remoteStreams, uploadLimited, setTracks };
}

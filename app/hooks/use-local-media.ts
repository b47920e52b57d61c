import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/hooks/use-toast";
import {
  readMediaChoice,
  saveMediaChoice,
  shouldRestoreCamera,
  type MediaChoice,
  type PermissionAnswer,
} from "~/components/room/media-choice";

/** Spec 001 §8 camera errors, verbatim. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") {
    return "Please allow camera and microphone access in your browser settings.";
  }
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError") {
    return "No camera or microphone found. Please connect a camera to use video chat.";
  }
  if (name === "NotSupportedError" || name === "TypeError") return "Video chat is not supported in this browser or environment.";
  return "Camera and microphone access is needed for video chat.";
}

/** What the browser says of a permission, or null where it cannot (no Permissions API, or no "camera" name: Firefox). */
async function permissionOf(name: "camera" | "microphone"): Promise<PermissionAnswer> {
  try {
    return (await navigator.permissions.query({ name: name as PermissionName })).state;
  } catch {
    return null;
  }
}

/**
 * Camera, microphone and screen share of this browser (spec 001 §4): the
 * camera starts with the picture on and the microphone as the member last
 * left it (on the first time); each toggles; a screen share replaces the
 * outgoing video and the camera comes back when it ends. The member's choice
 * is remembered in this browser (media-choice.ts): once the page `publishes`
 * (a seated player), a camera that was on comes back by itself when the
 * browser already grants it, picture and microphone as they were.
 */
export function useLocalMedia(
  onTracks: (video: MediaStreamTrack | null, audio: MediaStreamTrack | null) => void,
  { memberId, publishes }: { memberId: string; publishes: boolean },
) {
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [videoOn, setVideoOn] = useState(false);
  const [audioOn, setAudioOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Cameras this browser has (labels once permission was given), for the switch (an overhead cam). */
  const [cameras, setCameras] = useState<{ deviceId: string; label: string }[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const onTracksRef = useRef(onTracks);
  onTracksRef.current = onTracks;

  // Whatever is live goes out to every peer.
  useEffect(() => {
    const video = screen?.getVideoTracks()[0] ?? camera?.getVideoTracks()[0] ?? null;
    onTracksRef.current(video, camera?.getAudioTracks()[0] ?? null);
  }, [camera, screen]);

  // Tracks the new camera stream does not carry over (a switched camera keeps the microphone) stop.
  const cameraRef = useRef<MediaStream | null>(null);
  useEffect(() => {
    const before = cameraRef.current;
    cameraRef.current = camera;
    if (before && before !== camera) {
      const kept = new Set(camera?.getTracks() ?? []);
      before.getTracks().forEach((t) => kept.has(t) || t.stop());
    }
  }, [camera]);
  useEffect(() => () => cameraRef.current?.getTracks().forEach((t) => t.stop()), []);

  const listCameras = useCallback(async () => {
    const devices = await navigator.mediaDevices.enumerateDevices();
    setCameras(
      devices.filter((d) => d.kind === "videoinput").map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` })),
    );
  }, []);
  useEffect(
    () => () => {
      screen?.getTracks().forEach((t) => t.stop());
    },
    [screen],
  );

  const startCamera = useCallback(
    async (initial: Pick<MediaChoice, "video" | "mic">) => {
      setError(null);
      if (!navigator.mediaDevices?.getUserMedia) {
        const message = "Video chat is not supported in this browser or environment.";
        setError(message);
        toast({ title: "Camera unavailable", description: message, variant: "destructive" });
        return;
      }
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: true,
        });
        stream.getVideoTracks().forEach((t) => (t.enabled = initial.video));
        stream.getAudioTracks().forEach((t) => (t.enabled = initial.mic));
        setCamera(stream);
        setCameraId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? null);
        setVideoOn(initial.video);
        setAudioOn(initial.mic);
        await listCameras();
      } catch (e) {
        const message = cameraErrorMessage(e);
        setError(message);
        toast({ title: "Camera unavailable", description: message, variant: "destructive" });
      }
    },
    [listCameras],
  );

  /** Enable Camera: the picture on, the microphone as the member last left it (muted stays muted). */
  const enableCamera = useCallback(
    () => startCamera({ video: true, mic: readMediaChoice(window.localStorage, memberId)?.mic ?? true }),
    [memberId, startCamera],
  );

  // Once the page publishes: a camera the member had on comes back if the browser grants it already (no prompt).
  const restoreTried = useRef(false);
  useEffect(() => {
    if (!publishes || restoreTried.current) return;
    restoreTried.current = true;
    const choice = readMediaChoice(window.localStorage, memberId);
    if (!choice?.camera) return;
    void (async () => {
      const [camera, microphone] = await Promise.all([permissionOf("camera"), permissionOf("microphone")]);
      if (shouldRestoreCamera(choice, camera, microphone) && !cameraRef.current) await startCamera(choice);
    })();
  }, [memberId, publishes, startCamera]);

  // Every change of the member's own choice is remembered for the next visit.
  useEffect(() => {
    if (camera) saveMediaChoice(window.localStorage, memberId, { camera: true, video: videoOn, mic: audioOn });
  }, [camera, videoOn, audioOn, memberId]);

  /** Another camera (e.g. an overhead one for the battlefield): a new video track, the same microphone; peers get it by replaceTrack. */
  const switchCamera = useCallback(
    async (deviceId: string) => {
      if (!camera) return;
      try {
        const fresh = await navigator.mediaDevices.getUserMedia({
          video: { deviceId: { exact: deviceId }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
        const video = fresh.getVideoTracks()[0];
        video.enabled = videoOn;
        setCamera(new MediaStream([video, ...camera.getAudioTracks()]));
        setCameraId(deviceId);
      } catch (e) {
        const message = cameraErrorMessage(e);
        setError(message);
        toast({ title: "Camera unavailable", description: message, variant: "destructive" });
      }
    },
    [camera, videoOn],
  );

  const toggleVideo = useCallback(() => {
    const track = camera?.getVideoTracks()[0];
    if (!track) return;
    track.enabled = !track.enabled;
    setVideoOn(track.enabled);
  }, [camera]);

  const toggleAudio = useCallback(() => {
    const track = camera?.getAudioTracks()[0];
    if (!track) return;
    track.enabled = !track.enabled;
    setAudioOn(track.enabled);
  }, [camera]);

  const startScreenShare = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: { width: { ideal: 1920 }, height: { ideal: 1080 } } });
      const track = stream.getVideoTracks()[0];
      // The browser's own "Stop sharing" ends the track: the camera comes back.
      track.addEventListener("ended", () => setScreen((current) => (current === stream ? null : current)));
      setScreen(stream);
    } catch {
      toast({ title: "Screen sharing failed", description: "Could not start screen sharing. Please try again.", variant: "destructive" });
    }
  }, []);

  const stopScreenShare = useCallback(() => setScreen(null), []);

  return {
    camera,
    screen,
    videoOn,
    audioOn,
    error,
    cameras,
    cameraId,
    enableCamera,
    switchCamera,
    toggleVideo,
    toggleAudio,
    startScreenShare,
    stopScreenShare,
  };
}

import { useCallback, useRef, useState } from "react";
import { toast } from "~/hooks/use-toast";

/** Spec 001 §9: webm with vp9/opus when the browser has it, a chunk every second. */
const PREFERRED_TYPE = "video/webm;codecs=vp9,opus";
export const RECORDING_CHUNK_MS = 1000;

export function recordingFileName(sessionId: string, date = new Date()): string {
  return `tablesync-${sessionId}-${date.toISOString().slice(0, 10)}.webm`;
}

/** Records the local camera stream; on stop the webm file is downloaded. */
export function useRecorder(sessionId: string) {
  const recorderRef = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);

  const start = useCallback(
    (stream: MediaStream | null) => {
      if (!stream) {
        toast({ title: "Please enable your camera first", variant: "destructive" });
        return;
      }
      try {
        const mimeType = MediaRecorder.isTypeSupported(PREFERRED_TYPE) ? PREFERRED_TYPE : "video/webm";
        const recorder = new MediaRecorder(stream, { mimeType });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (e) => {
          if (e.data.size > 0) chunks.push(e.data);
        };
        recorder.onstop = () => {
          const url = URL.createObjectURL(new Blob(chunks, { type: "video/webm" }));
          const a = document.createElement("a");
          a.href = url;
          a.download = recordingFileName(sessionId);
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          setRecording(false);
        };
        recorder.start(RECORDING_CHUNK_MS);
        recorderRef.current = recorder;
        setRecording(true);
      } catch {
        toast({ title: "Recording failed", description: "Could not start recording. Please try again.", variant: "destructive" });
      }
    },
    [sessionId],
  );

  const stop = useCallback(() => {
    recorderRef.current?.stop();
    recorderRef.current = null;
  }, []);

  return { recording, start, stop };
}

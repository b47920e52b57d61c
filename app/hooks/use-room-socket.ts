import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import ReconnectingWebSocket from "partysocket/ws";
import { endedReasonFor } from "../../durable-objects/close-codes";
import type { ClientFrame, ServerFrame } from "../../durable-objects/protocol";
import { emptyRoomView, reduceRoomView } from "~/components/room/room-state";

export type SocketStatus = "connecting" | "open" | "closed";

/**
 * The room socket: partysocket reconnects after a drop and every (re)open
 * sends join_room, so the room state comes back. Frames are typed by
 * durable-objects/protocol.ts; `onFrame` sees every frame (signalling).
 */
export function useRoomSocket(sessionId: string, mode: "play" | "spectate", onFrame: (frame: ServerFrame) => void) {
  const [view, dispatch] = useReducer(reduceRoomView, emptyRoomView);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [endedReason, setEndedReason] = useState<string | null>(null);
  const socketRef = useRef<ReconnectingWebSocket | null>(null);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  useEffect(() => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ sessionId, mode });
    const ws = new ReconnectingWebSocket(`${scheme}//${window.location.host}/ws?${query}`, [], {
      maxReconnectionDelay: 5000,
      minReconnectionDelay: 500,
    });
    socketRef.current = ws;
    ws.addEventListener("open", () => {
      setStatus("open");
      ws.send(JSON.stringify({ type: "join_room", sessionId } satisfies ClientFrame));
    });
    ws.addEventListener("close", (event) => {
      // The room ended this socket on purpose (replaced, left, signed out, room gone): do not reconnect.
      const ended = endedReasonFor(event.code);
      if (ended) {
        ws.close();
        setEndedReason(ended);
      }
      setStatus(ws.readyState === ws.OPEN ? "open" : ended ? "closed" : "connecting");
    });
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      let frame: ServerFrame;
      try {
        // The room is trusted and its frames are typed by the shared protocol; a bad one is skipped.
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof frame?.type !== "string") return;
      dispatch(frame);
      onFrameRef.current(frame);
    });
    return () => {
      socketRef.current = null;
      ws.close();
    };
  }, [sessionId, mode]);

  const send = useCallback((frame: ClientFrame): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== ws.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  return { view, status, send, endedReason };
}

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import ReconnectingWebSocket from "partysocket/ws";
import { ROOM_CLOSE, endedReasonFor } from "../../workers/contract/room/close-codes";
import { parseServerFrame, type ClientFrame, type ServerFrame } from "../../workers/contract/room/protocol";
import { emptyRoomView, reduceRoomView } from "~/components/room/room-state";
import { sessionEndShownOnPage } from "~/lib/session-expired";

export type SocketStatus = "connecting" | "open" | "closed";
export type FrameListener = (frame: ServerFrame) => void;
/** What the page's other hooks need of the socket: to send a frame, and to hear every frame. */
export type RoomChannel = {
  send: (frame: ClientFrame) => boolean;
  subscribe: (listener: FrameListener) => () => void;
};

/**
 * The room socket, opened once the member holds a place (`enabled`):
 * partysocket reconnects after a drop and every (re)open sends join_room,
 * which attaches the socket to that place, so the room state comes back.
 * Incoming frames are parsed with the shared protocol (a frame it does not
 * describe is skipped) and folded into `view`; the page's other hooks (the
 * peer mesh, the notices) `subscribe` to see every frame after the fold.
 */
export function useRoomSocket(sessionId: string, enabled: boolean) {
  const [view, dispatch] = useReducer(reduceRoomView, emptyRoomView);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [endedReason, setEndedReason] = useState<string | null>(null);
  const socketRef = useRef<ReconnectingWebSocket | null>(null);
  const listenersRef = useRef(new Set<FrameListener>());

  useEffect(() => {
    if (!enabled) return;
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ sessionId });
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
      const ended = endedReasonFor(event.code, event.reason);
      if (ended) {
        ws.close();
        setEndedReason(ended);
        // The page says why and how to come back; the bell's next 401 must not navigate away from it.
        if (event.code === ROOM_CLOSE.signedOut) sessionEndShownOnPage();
      }
      setStatus(ws.readyState === ws.OPEN ? "open" : ended ? "closed" : "connecting");
    });
    ws.addEventListener("message", (event) => {
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      dispatch(frame);
      for (const listener of listenersRef.current) listener(frame);
    });
    return () => {
      socketRef.current = null;
      ws.close();
      setStatus("connecting");
    };
  }, [sessionId, enabled]);

  const send = useCallback((frame: ClientFrame): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== ws.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  /** Sees every frame from now on; returns the unsubscribe (an effect's cleanup). */
  const subscribe = useCallback((listener: FrameListener) => {
    const listeners = listenersRef.current;
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  return { view, status, send, subscribe, endedReason };
}

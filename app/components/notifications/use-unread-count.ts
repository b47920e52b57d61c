import { useEffect, useState } from "react";
import { INBOX_CLOSE, INBOX_PATH, INBOX_PING, INBOX_PONG } from "../../../workers/contract/inbox";
import { fetchUnreadCount } from "./notifications-client";

/** The poll while the inbox socket is not open (it could not connect, or is reconnecting). */
export const UNREAD_POLL_MS = 10_000;
/** The lighter poll while it is open: a safety net for a ring lost on the way. */
export const UNREAD_POLL_CONNECTED_MS = 60_000;
/** Keeps the connection up through proxies that close quiet sockets; the runtime answers without waking the inbox. */
const INBOX_PING_MS = 45_000;
/** Waits before reopening a dropped inbox socket, longer each time (reset once one opens). */
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

function inboxUrl(): string {
  const url = new URL(INBOX_PATH, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/**
 * The bell's unread count: starts from the server-rendered value, then follows the member's inbox socket
 * (workers/contract/inbox.ts): when a request writes a notification for them, the socket says so and the count is read
 * at once, so a notification that asks the member to act ("Confirm the result") shows within a moment. Underneath, a
 * poll of /api/notifications/unread-count while the tab is visible: every 60 s while the socket is open, every 10 s
 * while it is not (and at once when the tab becomes visible again). Stops for good on a 401, and when the inbox says
 * the session ended.
 */
export function useUnreadCount(initial: number) {
  const [unread, setUnread] = useState(initial);
  /** Whether the inbox socket is open (the bell says so in `data-inbox`, for whoever is looking into it). */
  const [live, setLive] = useState(false);
  useEffect(() => setUnread(initial), [initial]);

  useEffect(() => {
    let stopped = false;
    let connected = false;
    let attempts = 0;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(reconnect);
      clearInterval(ping);
      const open = socket;
      socket = null;
      open?.close(1000);
    };
    const poll = async () => {
      if (stopped || document.visibilityState !== "visible") return;
      try {
        const unreadCount = await fetchUnreadCount();
        if (unreadCount === null) stop();
        else if (!stopped) setUnread(unreadCount);
      } catch {
        // Offline or a hiccup: try again at the next tick.
      }
      if (!stopped) schedule();
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(poll, connected ? UNREAD_POLL_CONNECTED_MS : UNREAD_POLL_MS);
    };
    const connect = () => {
      if (stopped || typeof WebSocket === "undefined") return;
      const ws = new WebSocket(inboxUrl());
      socket = ws;
      ws.onopen = () => {
        connected = true;
        setLive(true);
        attempts = 0;
        schedule();
        clearInterval(ping);
        ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(INBOX_PING), INBOX_PING_MS);
      };
      ws.onmessage = (event) => {
        if (event.data !== INBOX_PONG) void poll();
      };
      ws.onclose = (event) => {
        if (socket !== ws) return;
        socket = null;
        connected = false;
        setLive(false);
        clearInterval(ping);
        if (stopped) return;
        schedule();
        // The session ended: no new socket; the next poll's 401 stops the bell (and tells the page, as before).
        if (event.code === INBOX_CLOSE.signedOut) return;
        reconnect = setTimeout(connect, RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)]);
      };
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void poll();
      else clearTimeout(timer);
    };
    schedule();
    connect();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  return [unread, setUnread, live] as const;
}

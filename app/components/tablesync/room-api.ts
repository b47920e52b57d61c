import type { GameSessionView, MembershipView } from "../../../workers/contract/game-sessions";
import { noticeUnauthorized } from "~/lib/session-expired";

/** POSTs JSON to the API; a non-OK answer throws `Error("<status>: <body text>")` (architecture: client API helper). */
export async function postJson<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  noticeUnauthorized(res.status);
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as T;
}

export const createRoom = (body: unknown) => postJson<GameSessionView>("/api/game-sessions", body);
export const joinRoom = (id: string) => postJson<MembershipView>(`/api/game-sessions/${encodeURIComponent(id)}/join`);
export const spectateRoom = (id: string) => postJson<MembershipView>(`/api/game-sessions/${encodeURIComponent(id)}/spectate`);
export const leaveRoom = (id: string) => postJson<GameSessionView>(`/api/game-sessions/${encodeURIComponent(id)}/leave`);
export const startRoom = (id: string) => postJson<GameSessionView>(`/api/game-sessions/${encodeURIComponent(id)}/start`);

import type { AwayPlayer, RoomPlayer, RoomSpectator } from "../../workers/contract/room/protocol";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import { seatHeldUntil, type SeatPresence } from "../rules/presence";
import { spectatorsWithVideo } from "../rules/spectator-video";

/** The room as every roster frame carries it (room_state, player_joined, player_left, room_update). */
export type RosterView = {
  players: RoomPlayer[];
  away: AwayPlayer[];
  spectators: RoomSpectator[];
  hostId: string;
  currentTurn: string | null;
  status: RoomMeta["status"];
  monarch: string | null;
  initiative: string | null;
  startedAt: number | null;
  serverTime: number;
};

/**
 * Connected players (seat order), seated players who are away (with when
 * their seat stops being held) and connected spectators (the first ones
 * receive video), as the page shows them.
 */
export function rosterView(
  meta: RoomMeta | null,
  members: readonly StoredMember[],
  connected: ReadonlySet<string>,
  now: number,
): RosterView {
  const spectatorMembers = members.filter((m) => connected.has(m.userId) && m.role === "spectator");
  const withVideo = spectatorsWithVideo(spectatorMembers);
  const asPlayer = (m: StoredMember): RoomPlayer => ({
    id: m.userId,
    name: m.name,
    avatar: m.avatar,
    seat: m.seat ?? 0,
    isHost: m.userId === meta?.hostId,
    life: m.life,
    commanderDamage: m.tools.commanderDamage,
    counters: m.tools.counters,
    // A spectator keeps no deck on show: only a seat has one.
    deck: m.role === "player" ? m.deck : null,
    out: m.role === "player" && m.out,
  });
  const seated = members.filter((m) => m.role === "player").sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0));
  return {
    players: seated.filter((m) => connected.has(m.userId)).map(asPlayer),
    away: seated
      .filter((m) => !connected.has(m.userId))
      .map((m) => ({
        ...asPlayer(m),
        seatHeldUntil: seatHeldUntil({ userId: m.userId, seat: m.seat ?? 0, connected: false, disconnectedAt: m.disconnectedAt }),
      })),
    spectators: spectatorMembers.map((m) => ({ id: m.userId, name: m.name, avatar: m.avatar, receivesVideo: withVideo.has(m.userId) })),
    hostId: meta?.hostId ?? "",
    currentTurn: meta?.currentTurn ?? null,
    status: meta?.status ?? "waiting",
    monarch: meta?.monarch ?? null,
    initiative: meta?.initiative ?? null,
    startedAt: meta?.startedAt ?? null,
    serverTime: now,
  };
}

/**
 * Whether two rosters show the same (the room's time aside): a place change the room is told need not be
 * broadcast when nobody would see a difference (a spectator who took a place has not connected yet).
 */
export function sameRoster(a: RosterView, b: RosterView): boolean {
  return JSON.stringify({ ...a, serverTime: 0 }) === JSON.stringify({ ...b, serverTime: 0 });
}

/** Whether a connected spectator is among those who receive video. */
export const receivesVideo = (roster: Pick<RosterView, "spectators">, userId: string) =>
  roster.spectators.some((s) => s.id === userId && s.receivesVideo);

/** Seated players with whether they are connected, for the presence rules (rules/presence.ts). */
export function seatPresence(members: readonly StoredMember[], connected: ReadonlySet<string>): SeatPresence[] {
  return members.flatMap((m) =>
    m.role === "player" && m.seat !== null
      ? [{ userId: m.userId, seat: m.seat, out: m.out, connected: connected.has(m.userId), disconnectedAt: m.disconnectedAt }]
      : [],
  );
}

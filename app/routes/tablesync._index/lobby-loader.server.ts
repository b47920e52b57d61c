import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Db } from "../../../workers/db/client";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import { createRoomDefaults, lobbyFilterFields, lobbyFilters, type LobbyFilters } from "../../../workers/contract/game-sessions";
import { listEventsQuery } from "../../../workers/contract/events";
import { DomainError } from "../../../workers/domain/errors";
import { listEvents } from "../../../workers/domain/events/event-queries";
import { listGameSessions } from "../../../workers/domain/rooms/game-session-list";
import { limitText } from "../../../workers/domain/rate-limit-rules";
import { currentLogger } from "../../../workers/lib/logger";
import type { LobbyData, LobbyFilterErrors, LobbyPods } from "~/components/tablesync/lobby";
import { LOBBY_EVENT_LIMIT } from "~/components/tablesync/lobby-events";
import { lobbyTab } from "~/components/tablesync/lobby-tabs";

/** Rooms per lobby page. */
export const LOBBY_PAGE_SIZE = 24;

/**
 * Reads the lobby's filters from the URL field by field: a value that does not
 * pass (a hand-edited URL) is dropped and explained beside its field, and the
 * others still apply.
 */
export function readLobbyFilters(params: URLSearchParams): { filters: LobbyFilters; errors: LobbyFilterErrors } {
  const filters: LobbyFilters = {};
  const errors: LobbyFilterErrors = {};
  for (const name of lobbyFilterFields) {
    const parsed = lobbyFilters.shape[name].safeParse(params.get(name) ?? undefined);
    if (parsed.success) Object.assign(filters, { [name]: parsed.data });
    else errors[name] = name === "q" ? "Search at most 100 characters" : "Unknown choice, showing every room";
  }
  return { filters, errors };
}

/**
 * The upcoming game pods beside the rooms (the selected realm's, as the column asks for them), rendered with the
 * page instead of filling in after hydration; null when they could not be read, and the column asks itself.
 */
async function lobbyPods(db: Db, viewer: { id: string } | null, communityId: string | null): Promise<LobbyPods | null> {
  const query = listEventsQuery.parse({
    type: "game_pod",
    upcoming: "true",
    limit: String(LOBBY_EVENT_LIMIT),
    communityId: communityId ?? undefined,
  });
  try {
    return { communityId, events: (await listEvents(db, viewer, query)).events };
  } catch (error) {
    currentLogger().warn("Lobby pods not read with the page", { error });
    return null;
  }
}

/** Visitors get the landing page; members the lobby of waiting rooms (spec 001 §2), their realm's rooms first. */
export async function lobbyLoader({ request, context }: LoaderFunctionArgs) {
  if (!context.user) {
    // Visitors' landing shows the pods too (with Login to Join), also rendered with the page.
    return { lobby: null, tab: "join" as const, pods: await lobbyPods(context.db, null, await readSelectedCommunity(request)) };
  }
  const url = new URL(request.url);
  const tab = lobbyTab(url.searchParams.get("tab"));
  const { filters, errors } = readLobbyFilters(url.searchParams);
  const preferCommunityId = (await readSelectedCommunity(request)) ?? undefined;
  const viewerId = context.user.id;
  const list = (cursor: string | undefined) =>
    listGameSessions(context.db, viewerId, { ...filters, cursor, status: "waiting", preferCommunityId, limit: LOBBY_PAGE_SIZE });
  const podsRead = lobbyPods(context.db, context.user, preferCommunityId ?? null);
  let page;
  try {
    page = await list(filters.cursor);
  } catch (error) {
    // A cursor from an old or edited link: start again from the first page.
    if (!(error instanceof DomainError) || error.kind !== "invalid") throw error;
    errors.cursor = "That page is no longer available, showing the first one";
    filters.cursor = undefined;
    page = await list(undefined);
  }
  const createDefaults = createRoomDefaults.parse({
    format: url.searchParams.get("new.format") ?? undefined,
    powerLevel: url.searchParams.get("new.powerLevel") ?? undefined,
    bracket: url.searchParams.get("new.bracket") ?? undefined,
    maxPlayers: url.searchParams.get("new.maxPlayers") ?? undefined,
    communityId: url.searchParams.get("new.communityId") ?? undefined,
    announce: url.searchParams.get("new.announce") ?? undefined,
  });
  const lobby: LobbyData = { ...page, filters, errors, pods: await podsRead, createDefaults, announceLimit: limitText("openRoomAlert") };
  return { lobby, tab, pods: null };
}

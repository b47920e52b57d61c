import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import { lobbyFilterFields, lobbyFilters, type LobbyFilters } from "../../../workers/contract/game-sessions";
import { DomainError } from "../../../workers/domain/errors";
import { listGameSessions } from "../../../workers/domain/game-session-list";
import type { LobbyData, LobbyFilterErrors } from "~/components/tablesync/lobby";
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

/** Visitors get the landing page; members the lobby of waiting rooms (spec 001 §2), their realm's rooms first. */
export async function lobbyLoader({ request, context }: LoaderFunctionArgs) {
  if (!context.user) return { lobby: null, tab: "join" as const };
  const url = new URL(request.url);
  const tab = lobbyTab(url.searchParams.get("tab"));
  const { filters, errors } = readLobbyFilters(url.searchParams);
  const preferCommunityId = (await readSelectedCommunity(request)) ?? undefined;
  const viewerId = context.user.id;
  const list = (cursor: string | undefined) =>
    listGameSessions(context.db, viewerId, { ...filters, cursor, status: "waiting", preferCommunityId, limit: LOBBY_PAGE_SIZE });
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
  const lobby: LobbyData = { ...page, filters, errors };
  return { lobby, tab };
}

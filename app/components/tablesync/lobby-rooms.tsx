import { Link } from "@remix-run/react";
import { ChevronRight, Plus } from "lucide-react";
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { GameSessionView, LobbyFilters } from "../../../workers/contract/game-sessions";
import { hasFilters } from "./lobby-filters";
import { RoomCard } from "./room-card";

/** The URL of a lobby page: the same filters, another cursor (none for the first page). */
export function lobbyPageHref(filters: LobbyFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.format) params.set("format", filters.format);
  if (filters.powerLevel) params.set("powerLevel", filters.powerLevel);
  if (filters.bracket) params.set("bracket", String(filters.bracket));
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/tablesync?${query}` : "/tablesync";
}

type LobbyRoomsProps = {
  sessions: GameSessionView[];
  nextCursor: string | null;
  filters: LobbyFilters;
  /** Upcoming game pods beside the rooms: null until known (they load in the browser). */
  eventCount: number | null;
  onCreateFirst: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/**
 * The lobby's rooms, one page at a time (the URL carries the page), with the
 * spec's empty state when nothing is open and another when filters match nothing.
 */
export function LobbyRooms({ sessions, nextCursor, filters, eventCount, onCreateFirst }: LobbyRoomsProps) {
  const filtered = hasFilters(filters);
  const later = Boolean(filters.cursor);
  return (
    <section aria-labelledby="lobby-rooms-heading" className="grid content-start gap-3" data-testid="lobby-rooms">
      <h2 id="lobby-rooms-heading" className="text-xl font-semibold">
        Waiting Rooms
      </h2>
      {sessions.length === 0 && filtered ? (
        <Card className="py-10 text-center" data-testid="lobby-no-match">
          <h3 className="text-lg font-bold">No rooms match your filters</h3>
          <p className="mt-2 text-muted">Try another format, power level, bracket or name.</p>
          <Link to="/tablesync" className={buttonClasses("outline", "md", "mt-4")}>
            Clear filters
          </Link>
        </Card>
      ) : sessions.length === 0 && !later ? (
        <Card className="py-12 text-center">
          <h3 className="text-xl font-bold">{eventCount ? "No Active Rooms" : "No Active Rooms or Events"}</h3>
          <p className="mt-2 text-muted">Be the first to open a table.</p>
          <a href="/tablesync?tab=create" className={buttonClasses("primary", "md", "mt-4")} onClick={onCreateFirst}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create First Room
          </a>
        </Card>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 sm:gap-4 2xl:grid-cols-3" aria-label="Game rooms">
          {sessions.map((s) => (
            <li key={s.id}>
              <RoomCard session={s} />
            </li>
          ))}
        </ul>
      )}
      {nextCursor || later ? (
        <nav aria-label="Room pages" className="flex flex-wrap items-center gap-3">
          {later ? (
            <Link to={lobbyPageHref(filters, null)} className={buttonClasses("outline", "md")}>
              Back to first page
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={lobbyPageHref(filters, nextCursor)} className={buttonClasses("outline", "md")} rel="next">
              More rooms <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

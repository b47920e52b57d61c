import type { FetcherWithComponents } from "@remix-run/react";
import { Trophy } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { TournamentCard as Card_ } from "../../../workers/domain/tournaments/tournaments";
import { TournamentCard, TournamentCardSkeleton } from "./tournament-card";

type Props = {
  items: Card_[];
  loading: boolean;
  failed: boolean;
  joinedIds: ReadonlySet<string>;
  joiningId: string | null;
  /** The page's Join fetcher: each card's Join button posts through it. */
  join: FetcherWithComponents<unknown>;
  onCreateFirst: () => void;
  onRetry: () => void;
};

/** Browse tab (spec 001 §2): the grid, six skeletons while loading, the empty state. */
export function BrowseTournaments({ items, loading, failed, joinedIds, joiningId, join, onCreateFirst, onRetry }: Props) {
  if (loading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading tournaments">
        {Array.from({ length: 6 }, (_, i) => (
          <TournamentCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (failed) {
    return (
      <Card className="py-10 text-center" role="alert">
        <p className="font-semibold">Failed to load tournaments</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      </Card>
    );
  }
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center py-12 text-center">
        <Trophy className="h-12 w-12 text-muted" aria-hidden="true" />
        <h2 className="mt-4 text-xl font-semibold">No tournaments yet</h2>
        <p className="mt-1 text-sm text-muted">Be the first to organize one in this realm.</p>
        <Button className="mt-6" onClick={onCreateFirst}>
          Create First Tournament
        </Button>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((t) => (
        <li key={t.id}>
          <TournamentCard tournament={t} joined={joinedIds.has(t.id)} joining={joiningId === t.id} join={join} />
        </li>
      ))}
    </ul>
  );
}

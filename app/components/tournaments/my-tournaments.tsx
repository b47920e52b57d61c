import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import type { TournamentCard } from "../../../workers/domain/tournaments/tournaments";
import { StartDate } from "./start-date";
import { TournamentStatusBadge } from "./status-badge";
import { formatLabel } from "./tournament-format";

function TournamentList({ items, empty }: { items: TournamentCard[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {items.map((t) => (
        <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <Link to={`/tournaments/${t.id}`} className="font-medium hover:underline">
              {t.name}
            </Link>
            <p className="text-xs text-muted">
              {formatLabel(t.gameFormat)} · <StartDate iso={t.startDate} /> · {t.participantCount}/{t.maxParticipants}
            </p>
          </div>
          <TournamentStatusBadge status={t.status} />
        </li>
      ))}
    </ul>
  );
}

/** My Tournaments: the member's real events, as a player and as the organizer. */
export function MyTournaments({ participating, organizing }: { participating: TournamentCard[]; organizing: TournamentCard[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Participating In</h2>
        <TournamentList items={participating} empty="You have not joined a tournament yet." />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Organizing</h2>
        <TournamentList items={organizing} empty="You are not organizing a tournament yet." />
      </Card>
    </div>
  );
}

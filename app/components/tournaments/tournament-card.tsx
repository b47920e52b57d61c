import { Link, type FetcherWithComponents } from "@remix-run/react";
import { Calendar, Trophy, User, Users } from "lucide-react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, Skeleton } from "~/components/ui/card";
import type { TournamentCard as Card_ } from "../../../workers/domain/tournaments/tournaments";
import { StartDate } from "./start-date";
import { TournamentStatusBadge } from "./status-badge";
import { formatLabel, organizerName } from "./tournament-format";

type Props = {
  tournament: Card_;
  joined: boolean;
  joining: boolean;
  join: FetcherWithComponents<unknown>;
};

/**
 * Spec 001 §2: name, format label, status badge, participants count/max, start
 * date, organizer, prize pool, two-line description; Join (enabled only while
 * upcoming, reading 'View' otherwise) and Details (the tournament page).
 */
export function TournamentCard({ tournament: t, joined, joining, join }: Props) {
  const full = t.participantCount >= t.maxParticipants;
  const upcoming = t.status === "upcoming";
  const joinLabel = !upcoming ? "View" : joined ? "Joined" : full ? "Full" : joining ? "Joining..." : "Join";
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="tournament-card" aria-label={t.name}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{t.name}</h2>
          <p className="text-sm text-muted">{formatLabel(t.gameFormat)}</p>
        </div>
        <TournamentStatusBadge status={t.status} />
      </div>
      {t.description ? <p className="line-clamp-2 text-sm text-muted">{t.description}</p> : null}
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <Users className="h-4 w-4 text-muted" aria-hidden="true" />
          <dt className="sr-only">Participants</dt>
          <dd data-testid="participant-count">
            {t.participantCount}/{t.maxParticipants}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <Calendar className="h-4 w-4 text-muted" aria-hidden="true" />
          <dt className="sr-only">Starts</dt>
          <dd>
            <StartDate iso={t.startDate} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <User className="h-4 w-4 text-muted" aria-hidden="true" />
          <dt className="sr-only">Organizer</dt>
          <dd>{organizerName(t)}</dd>
        </div>
        {t.prizePool ? (
          <div className="flex items-center gap-2">
            <Trophy className="h-4 w-4 text-muted" aria-hidden="true" />
            <dt className="sr-only">Prize pool</dt>
            <dd>{t.prizePool}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-auto flex gap-2 pt-2">
        <join.Form method="post" action="/tournaments" preventScrollReset className="flex flex-1">
          <input type="hidden" name="intent" value="join" />
          <input type="hidden" name="tournamentId" value={t.id} />
          <Button
            type="submit"
            className="flex-1"
            size="sm"
            disabled={!upcoming || joined || full || joining}
            aria-label={upcoming ? `${joinLabel} ${t.name}` : `View ${t.name}`}
          >
            {joinLabel}
          </Button>
        </join.Form>
        <Link to={`/tournaments/${t.id}`} className={buttonClasses("outline", "sm", "flex-1")} aria-label={`Details of ${t.name}`}>
          Details
        </Link>
      </div>
    </Card>
  );
}

/** One loading placeholder; the Browse tab shows six (spec 001 §9). */
export function TournamentCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3" data-testid="tournament-skeleton">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-8 w-full" />
    </Card>
  );
}

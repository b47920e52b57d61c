import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ReportButton } from "~/components/moderation/report-button";
import { ArrowLeft } from "lucide-react";
import { useRootData } from "~/lib/root-data";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { ParticipantsList } from "~/components/tournaments/participants-list";
import { RoundsPanel } from "~/components/tournaments/rounds-panel";
import { StandingsTable } from "~/components/tournaments/standings-table";
import { StartDate } from "~/components/tournaments/start-date";
import { TournamentControls } from "~/components/tournaments/tournament-controls";
import { TournamentStatusBadge } from "~/components/tournaments/status-badge";
import { formatLabel, organizerName, pairingLabel } from "~/components/tournaments/tournament-format";
import { useNow } from "~/components/tournaments/use-now";
import { loadTournamentPage, tournamentPageAction } from "./tournament-page.server";
import { useLiveRefresh } from "~/components/tournaments/use-live-refresh";
import { useTournamentAction } from "~/components/tournaments/use-tournament-action";
import { ActionToast } from "~/components/ui/action-toast";
import { Card } from "~/components/ui/card";
import { documentTitle } from "../../../workers/contract/brand";
import { useResultToast } from "~/lib/forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: documentTitle("Tournament Hub", data?.tournament.name) }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadTournamentPage(request, context, params.id ?? "");

/** Join, leave, drop, start, next round, top cut, call time, finish, edit, results and match rooms post here (an `intent` each). */
export const action = ({ request, context, params }: ActionFunctionArgs) => tournamentPageAction(request, context, params.id ?? "");

export default function TournamentPage() {
  const { tournament: t, standings, viewerId, now: serverNow } = useLoaderData<typeof loader>();
  const root = useRootData();
  const action = useTournamentAction();
  useResultToast(action.fetcher.data);
  useLiveRefresh(t.status === "active");
  const droppedIds = new Set(t.participants.filter((p) => p.dropped).map((p) => p.userId));
  const viewer = root?.user?.id ?? viewerId;
  const timed = t.status === "active" && t.rounds.some((r) => r.number === t.currentRound && r.endsAt !== null);
  const now = useNow(serverNow, timed || (t.status === "upcoming" && t.organizer.id === viewer));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ActionToast />
      <Link to="/tournaments" className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Tournament Hub
      </Link>
      <Card className="mb-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="break-words text-3xl font-bold">{t.name}</h1>
            <p className="mt-1 text-muted">
              {formatLabel(t.gameFormat)} · {pairingLabel(t)} · <StartDate iso={t.startDate} /> · organized by {organizerName(t)}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <TournamentStatusBadge status={t.status} data-testid="tournament-status" />
            {/* Report (issue 38): for members other than its organizer. */}
            {viewer && viewer !== t.organizer.id ? <ReportButton target={{ kind: "tournament", id: t.id }} /> : null}
          </div>
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Players</dt>
            <dd className="font-semibold">
              {t.participantCount}/{t.maxParticipants}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Round</dt>
            <dd className="font-semibold" data-testid="round-info">
              {t.currentRound === 0
                ? "Not started"
                : t.stage === "cut"
                  ? `${t.currentRound}: top cut`
                  : `${t.currentRound} of ${t.suggestedRounds} suggested`}
            </dd>
          </div>
          {t.pods ? (
            <div>
              <dt className="text-muted">Pods</dt>
              <dd className="font-semibold">
                Swiss pods · {t.roundMinutes} min rounds{t.topCut ? ` · top ${t.topCut.size}` : ""}
              </dd>
            </div>
          ) : null}
          {t.prizePool ? (
            <div>
              <dt className="text-muted">Prize pool</dt>
              <dd className="font-semibold">{t.prizePool}</dd>
            </div>
          ) : null}
        </dl>
        {t.description ? <p className="mt-4 whitespace-pre-line">{t.description}</p> : null}
        {t.rules ? (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium">Rules</summary>
            <p className="mt-2 whitespace-pre-line text-muted">{t.rules}</p>
          </details>
        ) : null}
        <div className="mt-5">
          <TournamentControls tournament={t} viewerId={viewer} action={action} now={now} />
        </div>
      </Card>
      {/* min-w-0: grid items otherwise grow to the standings table's width on phones. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-6">
          <Card className="min-w-0">
            <h2 className="mb-3 text-lg font-semibold">Standings</h2>
            {t.pods ? (
              <p className="mb-3 text-xs text-muted">
                5 points a win, 1 a draw. Ties: opponents&apos; win rate, then the later average seat.
                {t.stage === "cut" ? " The top cut ranks first: its winner, then the finalists by standing." : ""}
              </p>
            ) : null}
            <StandingsTable standings={standings} droppedIds={droppedIds} />
          </Card>
          <Card className="min-w-0">
            <h2 className="mb-3 text-lg font-semibold">Rounds</h2>
            <RoundsPanel tournament={t} viewerId={viewer} action={action} now={now} />
          </Card>
        </div>
        <Card className="min-w-0 self-start">
          <ParticipantsList participants={t.participants} maxParticipants={t.maxParticipants} />
        </Card>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { Link, useFetcher } from "@remix-run/react";
import { Clock, MapPin, MessageCircle, UserPlus, Zap } from "lucide-react";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { AVAILABILITY_OPTIONS, formatLabel, type MatchResult } from "../../../workers/contract/matchmaking";

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "5 minutes ago", "3 days ago" (client-only: results are fetched in the browser). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** Invite (a friend request, spec 001 §7): posts to the page's action; the button says how it went. */
function InviteButton({ match }: { match: MatchResult }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const state = fetcher.state !== "idle" ? "sending" : fetcher.data?.ok ? "sent" : "idle";
  return (
    <fetcher.Form method="post" className="flex flex-1">
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="addresseeId" value={match.id} />
      <input type="hidden" name="username" value={match.username} />
      <Button type="submit" className="flex-1" disabled={state !== "idle"} aria-label={`Invite ${match.username}`}>
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        {state === "sent" ? "Invited" : state === "sending" ? "Sending..." : "Invite"}
      </Button>
    </fetcher.Form>
  );
}

/** One match result: who, how well they match and why, with the invite action. */
export function MatchCard({ match, messageNoteId }: { match: MatchResult; messageNoteId: string }) {
  const availability = AVAILABILITY_OPTIONS.find((a) => a.value === match.availability)?.label ?? match.availability;
  return (
    <Card role="article" className="flex flex-col gap-4" data-testid="match-card" aria-label={match.username}>
      <div className="flex items-start gap-3">
        <div className="relative">
          <MemberAvatar person={{ firstName: match.username, profileImageUrl: match.avatar }} className="h-12 w-12" />
          <span
            className={`absolute -bottom-0.5 -right-0.5 h-3.5 w-3.5 rounded-full border-2 border-surface ${match.isOnline ? "bg-emerald-500" : "bg-slate-500"}`}
            aria-hidden="true"
          />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-lg font-semibold">
            <Link to={`/profile/${match.id}`} className="hover:underline">
              {match.username}
            </Link>
          </h3>
          <p className="flex items-center gap-1 text-sm text-muted">
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            {match.isOnline ? "Online now" : match.lastOnline ? `Last online ${timeAgo(match.lastOnline)}` : "Offline"}
          </p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold text-primary" aria-label={`${match.matchScore}% match`}>
            {match.matchScore}%
          </p>
          <p className="text-xs text-muted">match</p>
        </div>
      </div>

      <div className="flex flex-wrap gap-1.5">
        {match.games.map((g) => (
          <Badge key={g}>{g}</Badge>
        ))}
        {match.formats.map((f) => (
          <Badge key={f} tone="outline">
            {formatLabel(f)}
          </Badge>
        ))}
      </div>

      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Power level</dt>
        <dd className="flex items-center gap-1">
          <Zap className="h-3.5 w-3.5" aria-hidden="true" />
          {match.powerLevel}
        </dd>
        <dt className="text-muted">Playstyle</dt>
        <dd>{match.playstyle === "any" ? "Any" : capitalize(match.playstyle)}</dd>
        <dt className="text-muted">Availability</dt>
        <dd>{availability}</dd>
        {match.location ? (
          <>
            <dt className="text-muted">Location</dt>
            <dd className="flex min-w-0 items-center gap-1">
              <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{match.location}</span>
            </dd>
          </>
        ) : null}
      </dl>

      {match.commonInterests.length > 0 ? (
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">Common interests</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {match.commonInterests.map((interest) => (
              <li key={interest}>
                <Badge tone="secondary">{interest}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-auto flex gap-2">
        <InviteButton match={match} />
        <Button variant="outline" disabled aria-describedby={messageNoteId} aria-label={`Message ${match.username}`}>
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}

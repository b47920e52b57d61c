import { MemberAvatar } from "~/components/shell/member-avatar";
import { Badge } from "~/components/ui/card";
import type { TournamentParticipant } from "../../../workers/domain/tournaments/tournaments";

export function ParticipantsList({ participants, maxParticipants }: { participants: TournamentParticipant[]; maxParticipants: number }) {
  return (
    <section aria-labelledby="participants-heading">
      <h2 id="participants-heading" className="mb-3 text-lg font-semibold">
        Participants ({participants.length}/{maxParticipants})
      </h2>
      {participants.length === 0 ? (
        <p className="text-sm text-muted">Nobody has joined yet.</p>
      ) : (
        <ul className="grid gap-2" data-testid="participants">
          {participants.map((p) => (
            <li key={p.userId} className="flex items-center gap-3">
              <MemberAvatar person={p} className="h-8 w-8" />
              <span className="min-w-0 flex-1 truncate">{p.name}</span>
              {p.seed ? <span className="text-xs text-muted">Seed {p.seed}</span> : null}
              {p.dropped ? <Badge tone="outline">Dropped</Badge> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

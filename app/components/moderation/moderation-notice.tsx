import { EyeOff, Lock } from "lucide-react";

/**
 * What a moderator's action on a forum item looks like where it is shown (issue 38): a hidden post or reply, which
 * only its author still sees, says so with the reason; a locked thread says nobody can reply.
 */
export function ModerationNotice({ kind, reason, what }: { kind: "hidden" | "locked"; reason: string; what: "post" | "reply" | "thread" }) {
  const Icon = kind === "hidden" ? EyeOff : Lock;
  const text =
    kind === "hidden"
      ? `Hidden by a moderator: only you can see this ${what}.`
      : "Locked by a moderator: nobody can reply to this thread any more.";
  return (
    <div
      role="note"
      className="mt-3 flex items-start gap-2 rounded-lg border border-amber-600/50 bg-amber-500/10 p-3 text-sm"
      data-testid={`moderation-${kind}`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">{text}</span> Reason: {reason}
      </p>
    </div>
  );
}

import type { HTMLAttributes } from "react";
import { Badge } from "~/components/ui/card";
import { statusTone } from "./tournament-format";

/** A tournament's status in its spec tone; it sits beside a name, so it never shrinks or wraps. */
export function TournamentStatusBadge({ status, ...props }: { status: string } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <Badge tone={statusTone(status)} className="shrink-0 whitespace-nowrap" {...props}>
      {status}
    </Badge>
  );
}

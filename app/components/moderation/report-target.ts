import type { ReportItemKind } from "../../../workers/contract/moderation-options";

/** What a report control reports: the item, and a chat message's room. */
export type ReportTarget = { kind: ReportItemKind; id: string; roomId?: string };

/** The report page (`/report`), which works without JavaScript: the item, and where to come back to afterwards. */
export function reportHref(target: ReportTarget, back: string): string {
  const query = new URLSearchParams({ kind: target.kind, id: target.id });
  if (target.roomId) query.set("roomId", target.roomId);
  query.set("back", back);
  return `/report?${query}`;
}

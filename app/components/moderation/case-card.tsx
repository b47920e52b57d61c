import type { FetcherWithComponents } from "@remix-run/react";
import { Badge, Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { FieldMessage, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { fieldError, refusalFor, type ActionResult } from "~/lib/forms";
import { rowActionState } from "~/lib/list-fetcher";
import {
  MODERATION_REASON_MAX,
  REMOVAL_PERIOD_LABELS,
  REMOVAL_PERIODS,
  REPORT_ITEM_LABELS,
  REPORT_REASON_LABELS,
} from "../../../workers/contract/moderation-options";
import type { CaseActions, CaseView } from "../../../workers/domain/moderation/queue";

/** The queue's actions as the form offers them, in this order; each shown only when the reader may take it now. */
const ACTIONS: { intent: string; flag: keyof CaseActions; label: string; hint: string }[] = [
  { intent: "dismiss", flag: "dismiss", label: "Dismiss", hint: "Nothing to do: the reporters are told it was reviewed" },
  { intent: "hide", flag: "hide", label: "Hide it", hint: "Only its author still sees it, marked hidden with your reason" },
  { intent: "lock", flag: "lock", label: "Lock the thread", hint: "No new replies" },
  { intent: "end_room", flag: "endRoom", label: "End the room", hint: "Everyone in it is disconnected with your reason" },
  { intent: "remove_member", flag: "removeMember", label: "Remove the member from the realm", hint: "For the period you choose" },
  { intent: "suspend", flag: "suspend", label: "Suspend the account site-wide", hint: "Administrators only: signs them out everywhere" },
];

const dateTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/**
 * One report case in the queue: the item as reported, what is true of it now, the reports, and the action form. It
 * posts through the queue's `fetcher` (useListFetcher), which shows the toast: a handled case leaves the queue with the
 * answer. A refusal (the case stays) is shown here when it answers this case's form.
 */
export function CaseCard({ item, fetcher }: { item: CaseView; fetcher: FetcherWithComponents<ActionResult> }) {
  const { sending, busy } = rowActionState(fetcher, "caseId", item.id);
  const offered = ACTIONS.filter((a) => item.actions[a.flag]);
  const headingId = `case-${item.id}`;
  const refusal = refusalFor(fetcher.data, { caseId: item.id });
  const reasonError = fieldError(refusal, "reason") ?? fieldError(refusal, "note");
  const failure = refusal && !refusal.fieldErrors ? refusal.message : null;
  const { snapshot } = item;
  return (
    <Card className="grid gap-4" aria-labelledby={headingId} role="article" data-testid="report-case">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold">
            {snapshot.title ?? `A ${REPORT_ITEM_LABELS[item.kind]}`}
          </h2>
          <p className="text-sm text-muted">
            {REPORT_ITEM_LABELS[item.kind]} {item.subject ? `by ${item.subject.name}` : ""} · {item.communityName ?? "Site-wide"} ·{" "}
            {item.reportCount === 1 ? "1 report" : `${item.reportCount} reports`}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {item.state.hidden ? <Badge tone="outline">Hidden</Badge> : null}
          {item.state.locked ? <Badge tone="outline">Locked</Badge> : null}
          {item.state.subjectRemoved ? <Badge tone="outline">Member removed</Badge> : null}
          {item.state.subjectSuspended ? <Badge tone="destructive">Suspended</Badge> : null}
        </div>
      </header>
      <figure className="rounded-lg border border-border bg-surface p-3">
        <figcaption className="mb-1 text-xs font-medium uppercase tracking-wide text-muted">As reported</figcaption>
        <blockquote className="whitespace-pre-line break-words text-sm">{snapshot.text || "(no text)"}</blockquote>
        <a href={snapshot.url} className="mt-2 inline-block text-sm font-medium text-primary underline">
          Open where it is
        </a>
      </figure>
      <div>
        <h3 className="text-sm font-semibold">Reports</h3>
        <ul className="mt-1 grid gap-1 text-sm">
          {item.reports.map((r, index) => (
            <li key={index} className="break-words">
              <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span> from {r.reporterName},{" "}
              <time dateTime={r.at}>{dateTime(r.at)}</time>
              {r.note ? <span className="text-muted">: “{r.note}”</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {offered.length > 0 ? (
        <fetcher.Form method="post" className="grid gap-3 border-t border-border pt-3">
          <input type="hidden" name="caseId" value={item.id} />
          <fieldset>
            <legend className="mb-1 text-sm font-semibold">Action</legend>
            <div className="grid gap-1">
              {offered.map((a, index) => (
                <label key={a.intent} className="block cursor-pointer rounded-lg px-2 py-1 text-sm hover:bg-background">
                  <input type="radio" name="intent" value={a.intent} defaultChecked={index === 0} className="mr-2 h-4 w-4 align-[-2px]" />
                  {a.label} <span className="text-muted">({a.hint})</span>
                </label>
              ))}
            </div>
          </fieldset>
          {item.actions.removeMember || item.actions.suspend ? (
            <div className="max-w-xs">
              <Label htmlFor={`${headingId}-period`}>For (a removal or a suspension)</Label>
              <NativeSelect id={`${headingId}-period`} name="period" defaultValue="7">
                {REMOVAL_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {REMOVAL_PERIOD_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div>
            <Label htmlFor={`${headingId}-reason`}>Reason (the member is told; optional for a dismissal)</Label>
            <Textarea
              id={`${headingId}-reason`}
              name="reason"
              rows={2}
              maxLength={MODERATION_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${headingId}-reason-error` : undefined}
            />
            <FieldMessage id={`${headingId}-reason-error`}>{reasonError}</FieldMessage>
          </div>
          {failure ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {sending ? "Applying..." : "Apply"}
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-muted">You may read this report but not act on it.</p>
      )}
    </Card>
  );
}

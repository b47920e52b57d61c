import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { FieldMessage, Input, Label } from "~/components/ui/field";
import { fieldError, refusalFor, useResultToast, type ActionResult } from "~/lib/forms";
import { useListFetcher } from "~/lib/list-fetcher";
import { loadModerators, moderatorsAction } from "./moderators.server";

export const loader = (args: LoaderFunctionArgs) => loadModerators(args);
export const action = (args: ActionFunctionArgs) => moderatorsAction(args);

/**
 * A small form in a row (a moderator, a removal, a suspension), posted through the page's `fetcher` (useListFetcher),
 * which shows the toast: the row goes with the answer. A refusal (the row stays) is shown here when it answers this
 * form, found by the fields it sent back.
 */
function ActionForm({
  fields,
  children,
  label,
  fetcher,
}: {
  fields: Record<string, string>;
  children?: ReactNode;
  label: string;
  fetcher: FetcherWithComponents<ActionResult>;
}) {
  const { intent: _intent, ...row } = fields;
  const answer = refusalFor(fetcher.data, row);
  const refusal = answer && !answer.fieldErrors ? answer.message : null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {/* The rows take turns: a second submission through the one fetcher would cancel the first one's answer. */}
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        {label}
      </Button>
      {refusal ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function AppointForm({ communityId }: { communityId: string }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const error = fieldError(fetcher.data, "member") ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined);
  const inputId = `appoint-${communityId}`;
  return (
    <fetcher.Form method="post" className="mt-3 grid gap-1">
      <input type="hidden" name="intent" value="appoint" />
      <input type="hidden" name="communityId" value={communityId} />
      <Label htmlFor={inputId}>Appoint a moderator (their profile link or member id)</Label>
      <div className="flex gap-2">
        <Input id={inputId} name="member" required aria-describedby={error ? `${inputId}-error` : undefined} />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Appoint
        </Button>
      </div>
      <FieldMessage id={`${inputId}-error`}>{error}</FieldMessage>
    </fetcher.Form>
  );
}

/** Reason field for undoing a removal or a suspension (the member is told). */
function ReasonInput({ id }: { id: string }) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        Reason
      </Label>
      <Input id={id} name="reason" placeholder="Reason" required maxLength={500} />
    </div>
  );
}

/**
 * The moderators' page (issue 38): each realm's moderators, appointed and removed by an administrator or by that
 * realm's moderators; the removals still running (reinstate) and, for administrators, the suspensions (lift).
 */
export default function ModeratorsPage() {
  const { listing, isAdmin } = useLoaderData<typeof loader>();
  const acting = useListFetcher();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="realms-heading" className="grid gap-3">
        <h2 id="realms-heading" className="text-xl font-semibold">
          Realms and their moderators
        </h2>
        {listing.realms.map((realm) => (
          <Card key={realm.id}>
            <h3 className="font-semibold">{realm.name}</h3>
            {realm.moderators.length === 0 ? (
              <p className="mt-1 text-sm text-muted">No moderators yet.</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {realm.moderators.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>
                      {m.name} <span className="text-muted">since {new Date(m.since).toLocaleDateString()}</span>
                    </span>
                    {realm.canAppoint ? (
                      <ActionForm
                        fields={{ intent: "unappoint", communityId: realm.id, memberId: m.id }}
                        label={`Remove ${m.name}`}
                        fetcher={acting}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {realm.canAppoint ? <AppointForm communityId={realm.id} /> : null}
          </Card>
        ))}
      </section>
      <section aria-labelledby="removals-heading" className="grid gap-3">
        <h2 id="removals-heading" className="text-xl font-semibold">
          Members removed from a realm
        </h2>
        {listing.removals.length === 0 ? <p className="text-muted">None running.</p> : null}
        {listing.removals.map((r) => (
          <Card key={`${r.communityId}:${r.memberId}`} className="grid gap-2 p-4 text-sm">
            <p>
              <span className="font-semibold">{r.memberName}</span> from {r.realmName}, {r.until}. Why: {r.reason}
            </p>
            {r.canReinstate ? (
              <ActionForm
                fields={{ intent: "reinstate_member", communityId: r.communityId, memberId: r.memberId }}
                label="Reinstate"
                fetcher={acting}
              >
                <ReasonInput id={`reinstate-${r.communityId}-${r.memberId}`} />
              </ActionForm>
            ) : null}
          </Card>
        ))}
      </section>
      {isAdmin ? (
        <section aria-labelledby="suspensions-heading" className="grid gap-3">
          <h2 id="suspensions-heading" className="text-xl font-semibold">
            Suspended accounts
          </h2>
          {listing.suspensions.length === 0 ? <p className="text-muted">None running.</p> : null}
          {listing.suspensions.map((s) => (
            <Card key={s.memberId} className="grid gap-2 p-4 text-sm">
              <p>
                <span className="font-semibold">{s.memberName}</span>, {s.until}. Why: {s.reason}
              </p>
              <ActionForm fields={{ intent: "lift_suspension", memberId: s.memberId }} label="Lift" fetcher={acting}>
                <ReasonInput id={`lift-${s.memberId}`} />
              </ActionForm>
            </Card>
          ))}
        </section>
      ) : null}
    </div>
  );
}

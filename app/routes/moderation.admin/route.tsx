import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { loadOperatorOverview } from "../../../workers/domain/moderation/overview";
import { requireMember } from "~/lib/auth.server";
import { rethrowForLoader } from "~/lib/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  try {
    return await loadOperatorOverview(context.db, user.id);
  } catch (error) {
    rethrowForLoader(error);
  }
}

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-muted">{hint}</dd> : null}
    </Card>
  );
}

/** The administrators' page (issue 38): the operator's figures (operatorFigures) and the reports waiting. */
export default function OperatorPage() {
  const { figures, reports } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="figures-heading" className="grid gap-6">
      <h2 id="figures-heading" className="text-xl font-semibold">
        Site figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Figure label="Open rooms" value={figures.openRooms.rooms} />
        <Figure label="Members seated in them" value={figures.openRooms.seated} />
        <Figure label="Members watching" value={figures.openRooms.watching} />
        <Figure label="Webhook deliveries failed (24 h)" value={figures.webhookDeliveries.failedLastDay} />
        <Figure label="Webhook deliveries stuck" value={figures.webhookDeliveries.stuckPending} hint="Pending for over 10 minutes" />
        <Figure label="Card-service refusals (last hour)" value={figures.cardServiceRefusalsLastHour} />
        <Figure label="Errors logged (last hour)" value={figures.errorsLastHour} />
        <Figure label="Reports waiting" value={reports.total} />
      </dl>
      <div>
        <h3 className="text-lg font-semibold">Reports waiting, by realm</h3>
        {reports.byRealm.length === 0 ? (
          <p className="mt-2 text-muted">None.</p>
        ) : (
          <ul className="mt-2 grid gap-1">
            {reports.byRealm.map((r) => (
              <li key={r.communityId ?? "site"}>
                <Link to={`/moderation?realm=${encodeURIComponent(r.communityId ?? "site")}`} className="font-medium underline">
                  {r.realmName}
                </Link>
                : {r.open}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

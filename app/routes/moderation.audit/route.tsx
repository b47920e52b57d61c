import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { queueQuery } from "../../../workers/contract/moderation";
import { REPORT_ITEM_LABELS } from "../../../workers/contract/moderation-options";
import { listAudit, type AuditAction } from "../../../workers/domain/moderation/audit";
import { requireMember } from "~/lib/auth.server";
import { rethrowForLoader } from "~/lib/forms.server";

const ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: "dismissed a report",
  hide: "hid",
  lock: "locked",
  end_room: "ended the room",
  remove_member: "removed from the realm",
  suspend: "suspended",
  reinstate_member: "reinstated",
  lift_suspension: "lifted the suspension of",
  appoint_moderator: "appointed as moderator",
  remove_moderator: "removed as moderator",
  answer_contact: "answered a contact message",
  close_contact: "closed a contact message",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const query = queueQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ message: "Invalid query" }, { status: 400 });
  try {
    return await listAudit(context.db, user.id, { realm: query.data.realm ?? null, cursor: query.data.cursor });
  } catch (error) {
    rethrowForLoader(error);
  }
}

/** The audit log (issue 38): every moderation action, who, when, what and why; a realm's for its moderators, all for administrators. */
export default function AuditLog() {
  const { entries, nextCursor } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <h2 id="audit-heading" className="text-xl font-semibold">
        Audit log
      </h2>
      {entries.length === 0 ? (
        <Card>
          <p className="text-muted">No moderation actions yet.</p>
        </Card>
      ) : (
        <ol className="grid gap-2" data-testid="audit-log">
          {entries.map((e) => (
            <li key={e.id}>
              <Card className="grid gap-1 p-4 text-sm">
                <p>
                  <time dateTime={e.at} className="text-muted">
                    {new Date(e.at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })}
                  </time>{" "}
                  · {e.communityName ?? "Site-wide"}
                </p>
                <p className="break-words">
                  <span className="font-semibold">{e.actorName}</span> {ACTION_LABELS[e.action]}
                  {e.item ? (
                    <>
                      {" "}
                      the {REPORT_ITEM_LABELS[e.item.kind]}{" "}
                      <a href={e.item.url} className="font-medium underline">
                        {e.item.title ?? "(untitled)"}
                      </a>
                    </>
                  ) : null}
                  {e.subjectName ? <> (member: {e.subjectName})</> : null}
                  {e.until ? <> until {new Date(e.until).toLocaleDateString()}</> : null}
                </p>
                <p className="break-words">
                  <span className="text-muted">Why:</span> {e.reason}
                </p>
              </Card>
            </li>
          ))}
        </ol>
      )}
      {nextCursor ? (
        <Link className="justify-self-center text-sm font-medium text-primary underline" to={`?cursor=${encodeURIComponent(nextCursor)}`}>
          Older entries
        </Link>
      ) : null}
    </section>
  );
}

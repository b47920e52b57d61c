import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, NativeSelect } from "~/components/ui/field";
import { CaseCard } from "~/components/moderation/case-card";
import { useListFetcher } from "~/lib/list-fetcher";
import { useRootData } from "~/lib/root-data";
import { loadQueue, queueAction } from "./queue.server";

export const loader = (args: LoaderFunctionArgs) => loadQueue(args);
export const action = (args: ActionFunctionArgs) => queueAction(args);

/** The moderation queue (issue 38): open reports grouped by item, newest report first, with their actions. */
export default function ModerationQueue() {
  const { cases, nextCursor, realm, isAdmin, realms } = useLoaderData<typeof loader>();
  // The realms' names are in the root data already (the header's realm list): no second query for them.
  const communities = useRootData()?.communities ?? [];
  // The cards post through one fetcher, whose toast the queue shows: a handled case leaves with the answer.
  const moderator = useListFetcher();
  const realmName = (id: string) => communities.find((c) => c.id === id)?.displayName ?? id;
  return (
    <section aria-labelledby="queue-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="queue-heading" className="text-xl font-semibold">
          Open reports
        </h2>
        <Form method="get" className="flex items-end gap-2">
          <div>
            <Label htmlFor="queue-realm">Realm</Label>
            <NativeSelect id="queue-realm" name="realm" defaultValue={realm ?? ""}>
              <option value="">{isAdmin ? "All realms" : "All my realms"}</option>
              {isAdmin ? <option value="site">Site-wide (profiles)</option> : null}
              {realms.map((id) => (
                <option key={id} value={id}>
                  {realmName(id)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      </div>
      {cases.length === 0 ? (
        <Card>
          <p className="text-muted">No open reports. Nice and quiet.</p>
        </Card>
      ) : (
        cases.map((item) => <CaseCard key={item.id} item={item} fetcher={moderator} />)
      )}
      {nextCursor ? (
        <Link
          className="justify-self-center text-sm font-medium text-primary underline"
          to={`?${new URLSearchParams({ ...(realm ? { realm } : {}), cursor: nextCursor })}`}
        >
          Older reports
        </Link>
      ) : null}
    </section>
  );
}

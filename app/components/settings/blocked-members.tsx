import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BLOCK_EXPLAINED, BLOCKED_MEMBERS_PATH } from "../../../workers/contract/blocks";
import { displayName } from "../../../workers/contract/display-name";
import type { PublicMember } from "../../../workers/contract/friends";
import { UnblockForm } from "~/components/profile/block-member";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { Skeleton } from "~/components/ui/card";
import { useListFetcher } from "~/lib/list-fetcher";

/**
 * The members the member blocked, each with a link to their profile and Unblock (a form: it works without JavaScript).
 * The rows share one fetcher, whose toast the list shows: the list stays when the row it unblocked goes.
 */
export function BlockedMembersList({ blocked }: { blocked: PublicMember[] }) {
  const unblocker = useListFetcher();
  if (blocked.length === 0) return <p className="text-sm text-muted">You have not blocked anyone.</p>;
  return (
    <ul className="grid gap-2" aria-label="Blocked members">
      {blocked.map((member) => {
        const name = displayName(member);
        return (
          <li
            key={member.id}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-2"
            data-testid="blocked-member"
          >
            <MemberAvatar person={member} className="h-8 w-8 text-xs" />
            <Link to={`/profile/${member.id}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
              {name}
            </Link>
            <UnblockForm member={{ id: member.id, name }} fetcher={unblocker} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Settings, Privacy: "Blocked members", beside "Bots allowed to seat you". Loads the blocked members page's data with a
 * fetcher when the tab opens; Remix reloads it after each Unblock.
 */
export function BlockedMembersSection() {
  const reader = useFetcher<{ blocked: PublicMember[] }>();
  const load = useRef(reader.load);
  load.current = reader.load;
  useEffect(() => {
    load.current(BLOCKED_MEMBERS_PATH);
  }, []);
  return (
    <section aria-labelledby="blocked-members-heading" className="mt-4 grid gap-2 border-t border-border pt-4">
      <h3 id="blocked-members-heading" className="font-semibold">
        Blocked members
      </h3>
      <p className="text-sm text-muted">{BLOCK_EXPLAINED}</p>
      {reader.data ? <BlockedMembersList blocked={reader.data.blocked} /> : <Skeleton className="h-12" />}
    </section>
  );
}

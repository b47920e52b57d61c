import { Link, type FetcherWithComponents } from "@remix-run/react";
import { Check, MessageCircle, UserMinus, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { api, apiErrorMessage, unwrap } from "~/lib/api-client";
import type { ActionResult } from "~/lib/forms";
import { useListFetcher } from "~/lib/list-fetcher";
import type { Friend, FriendRequestsResponse, FriendsResponse, PublicMember } from "../../../workers/contract/friends";
import { DirectMessageNote } from "./direct-message-note";
import { displayName } from "../../../workers/contract/display-name";

export const memberDisplayName = (m: PublicMember) => displayName(m, "Player");

function MemberRow({ member, children, testId }: { member: PublicMember; children: ReactNode; testId: string }) {
  const name = memberDisplayName(member);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={testId} aria-label={name}>
      <MemberAvatar person={member} />
      <div className="min-w-0 flex-1">
        <Link to={`/profile/${member.id}`} className="block truncate font-medium hover:underline">
          {name}
        </Link>
        <p className="text-xs text-muted">
          {member.username ? `@${member.username} · ` : ""}
          {member.isOnline ? "Online" : "Offline"}
        </p>
      </div>
      <div className="flex gap-2">{children}</div>
    </li>
  );
}

/**
 * One Connections action (accept, decline, cancel, remove): a form posting to
 * the page's action with the panel's fetcher; the page's lists reload after it,
 * without the row, so the panel shows the toast (useListFetcher).
 */
function ConnectionButton({
  intent,
  fields,
  fetcher,
  children,
  ...props
}: {
  intent: "accept" | "decline" | "cancel" | "remove";
  fields: Record<string, string>;
  fetcher: FetcherWithComponents<ActionResult>;
} & Omit<ButtonProps, "type">) {
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* The rows take turns: a second answer through the one fetcher would cancel the first (rowActionState). */}
      <Button type="submit" size="sm" {...props} disabled={props.disabled || fetcher.state !== "idle"}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

function Section({ title, count, empty, children }: { title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {title} <Badge tone="secondary">{count}</Badge>
      </h2>
      {count === 0 ? <p className="mt-2 text-sm text-muted">{empty}</p> : <ul className="mt-1 divide-y divide-border">{children}</ul>}
    </Card>
  );
}

/**
 * Connections tab: incoming and outgoing requests and friends. Each button
 * posts to the page's action; "Show more friends" reads the next page from /api.
 */
export function ConnectionsPanel({
  requests,
  friendsPage,
  friendCount,
}: {
  requests: FriendRequestsResponse;
  friendsPage: FriendsResponse;
  friendCount: number;
}) {
  const noteId = useId();
  const connector = useListFetcher();
  const [loadingMore, setLoadingMore] = useState(false);
  const [friends, setFriends] = useState<Friend[]>(friendsPage.friends);
  const [nextOffset, setNextOffset] = useState<number | null>(friendsPage.nextOffset);

  // A revalidation brings a fresh first page.
  useEffect(() => {
    setFriends(friendsPage.friends);
    setNextOffset(friendsPage.nextOffset);
  }, [friendsPage]);

  async function loadMore() {
    if (nextOffset === null) return;
    setLoadingMore(true);
    try {
      const page = await unwrap(api.friends.$get({ query: { offset: String(nextOffset) } }));
      setFriends((current) => [...current, ...page.friends]);
      setNextOffset(page.nextOffset);
    } catch (error) {
      toast({ title: "Something went wrong", description: apiErrorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="grid gap-6">
      <Section title="Friend requests" count={requests.incoming.length} empty="No pending friend requests.">
        {requests.incoming.map((r) => (
          <MemberRow key={r.id} member={r.user} testId="incoming-request">
            <ConnectionButton intent="accept" fetcher={connector} fields={{ id: r.id }}>
              <Check className="h-4 w-4" aria-hidden="true" /> Accept
            </ConnectionButton>
            <ConnectionButton intent="decline" fetcher={connector} fields={{ id: r.id }} variant="outline">
              <X className="h-4 w-4" aria-hidden="true" /> Decline
            </ConnectionButton>
          </MemberRow>
        ))}
      </Section>

      <Section title="Sent requests" count={requests.outgoing.length} empty="No invites waiting for an answer.">
        {requests.outgoing.map((r) => (
          <MemberRow key={r.id} member={r.user} testId="outgoing-request">
            <ConnectionButton intent="cancel" fetcher={connector} fields={{ id: r.id }} variant="outline">
              Cancel
            </ConnectionButton>
          </MemberRow>
        ))}
      </Section>

      <Section title="Friends" count={Math.max(friendCount, friends.length)} empty="No friends yet. Find players and send an invite.">
        {friends.map((f) => (
          <MemberRow key={f.friendshipId} member={f.user} testId="friend">
            <Button size="sm" variant="outline" disabled aria-describedby={noteId} aria-label={`Message ${memberDisplayName(f.user)}`}>
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
            </Button>
            <ConnectionButton
              intent="remove"
              fetcher={connector}
              fields={{ userId: f.user.id }}
              variant="ghost"
              aria-label={`Remove ${memberDisplayName(f.user)}`}
            >
              <UserMinus className="h-4 w-4" aria-hidden="true" /> Remove
            </ConnectionButton>
          </MemberRow>
        ))}
      </Section>
      {nextOffset !== null ? (
        <Button variant="outline" onClick={loadMore} disabled={loadingMore}>
          Show more friends
        </Button>
      ) : null}
      <DirectMessageNote id={noteId} />
    </div>
  );
}

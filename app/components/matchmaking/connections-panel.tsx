import { Link } from "@remix-run/react";
import { Check, MessageCircle, UserMinus, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import type { Friend, FriendRequestsResponse, FriendsResponse, PublicMember } from "../../../workers/contract/friends";
import { callApi, errorMessage } from "./api-client";
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

/** Connections tab: incoming and outgoing requests and friends, each action through the /api contract. */
export function ConnectionsPanel({
  requests,
  friendsPage,
  friendCount,
  onChanged,
}: {
  requests: FriendRequestsResponse;
  friendsPage: FriendsResponse;
  friendCount: number;
  onChanged: () => void;
}) {
  const noteId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [friends, setFriends] = useState<Friend[]>(friendsPage.friends);
  const [nextOffset, setNextOffset] = useState<number | null>(friendsPage.nextOffset);

  // A revalidation brings a fresh first page.
  useEffect(() => {
    setFriends(friendsPage.friends);
    setNextOffset(friendsPage.nextOffset);
  }, [friendsPage]);

  async function act(key: string, path: string, method: string, success: string) {
    setBusy(key);
    try {
      await callApi(path, { method });
      toast({ title: success });
      onChanged();
    } catch (error) {
      toast({ title: "Something went wrong", description: errorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function loadMore() {
    if (nextOffset === null) return;
    setBusy("more");
    try {
      const page = await callApi<FriendsResponse>(`/api/friends?offset=${nextOffset}`);
      setFriends((current) => [...current, ...page.friends]);
      setNextOffset(page.nextOffset);
    } catch (error) {
      toast({ title: "Something went wrong", description: errorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-6">
      <Section title="Friend requests" count={requests.incoming.length} empty="No pending friend requests.">
        {requests.incoming.map((r) => (
          <MemberRow key={r.id} member={r.user} testId="incoming-request">
            <Button
              size="sm"
              disabled={busy !== null}
              onClick={() => act(r.id, `/api/friend-requests/${r.id}/accept`, "POST", "Friend request accepted")}
            >
              <Check className="h-4 w-4" aria-hidden="true" /> Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() => act(r.id, `/api/friend-requests/${r.id}/decline`, "POST", "Friend request declined")}
            >
              <X className="h-4 w-4" aria-hidden="true" /> Decline
            </Button>
          </MemberRow>
        ))}
      </Section>

      <Section title="Sent requests" count={requests.outgoing.length} empty="No invites waiting for an answer.">
        {requests.outgoing.map((r) => (
          <MemberRow key={r.id} member={r.user} testId="outgoing-request">
            <Button
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() => act(r.id, `/api/friend-requests/${r.id}`, "DELETE", "Friend request cancelled")}
            >
              Cancel
            </Button>
          </MemberRow>
        ))}
      </Section>

      <Section title="Friends" count={Math.max(friendCount, friends.length)} empty="No friends yet. Find players and send an invite.">
        {friends.map((f) => (
          <MemberRow key={f.friendshipId} member={f.user} testId="friend">
            <Button size="sm" variant="outline" disabled aria-describedby={noteId} aria-label={`Message ${memberDisplayName(f.user)}`}>
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy !== null}
              onClick={() => act(f.friendshipId, `/api/friends/${f.user.id}`, "DELETE", "Friend removed")}
              aria-label={`Remove ${memberDisplayName(f.user)}`}
            >
              <UserMinus className="h-4 w-4" aria-hidden="true" /> Remove
            </Button>
          </MemberRow>
        ))}
      </Section>
      {nextOffset !== null ? (
        <Button variant="outline" onClick={loadMore} disabled={busy !== null}>
          Show more friends
        </Button>
      ) : null}
      <DirectMessageNote id={noteId} />
    </div>
  );
}

import { Form, useNavigation } from "@remix-run/react";
import { LogOut, UserPlus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { countOf } from "../../../workers/contract/plural";

type Props = {
  communityId: string;
  communityName: string;
  isMember: boolean;
  memberCount: number;
  /** The route whose action takes the post: "/?index" on the dashboard; the current page otherwise. */
  action?: string;
};

/** "Join this realm" or "Leave", with the realm's member count. A plain form: works without JavaScript. */
export function CommunityMembershipButton({ communityId, communityName, isMember, memberCount, action }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("communityId") === communityId;
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-center gap-3" data-testid="realm-membership">
      <input type="hidden" name="intent" value={isMember ? "leave-realm" : "join-realm"} />
      <input type="hidden" name="communityId" value={communityId} />
      <span className="text-sm text-muted" data-testid="realm-member-count">
        {countOf(memberCount, "member")}
      </span>
      <Button
        type="submit"
        size="sm"
        variant={isMember ? "outline" : "primary"}
        disabled={busy}
        aria-label={isMember ? `Leave ${communityName}` : undefined}
      >
        {isMember ? <LogOut className="h-4 w-4" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
        {isMember ? "Leave" : "Join this realm"}
      </Button>
    </Form>
  );
}

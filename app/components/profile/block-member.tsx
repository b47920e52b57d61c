import { Link, useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { Ban } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { BLOCK_EXPLAINED, BLOCKED_MEMBERS_PATH, blockTitle } from "../../../workers/contract/blocks";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { rowActionState } from "~/lib/list-fetcher";

type Member = { id: string; name: string };
/** The block action's answer when it does not redirect: whom it blocked or unblocked. */
export type BlockAnswer = ActionResult<{ userId: string }>;

/**
 * The block's confirmation: what a block does (BLOCK_EXPLAINED), then Block or Cancel. A fetcher's form to the one
 * block action (BLOCKED_MEMBERS_PATH): with `returnTo` the action redirects there with its toast (the page then shows
 * the member as blocked); without, the toast comes back here, or to the list that passed its `fetcher`, and `onDone`
 * runs.
 */
function BlockConfirmation({
  member,
  returnTo,
  cancel,
  onDone,
  fetcher: shared,
}: {
  member: Member;
  returnTo?: string;
  /** The way back: a Cancel button in the dialog, a link in the page. */
  cancel: ReactNode;
  onDone?: () => void;
  fetcher?: FetcherWithComponents<BlockAnswer>;
}) {
  const own = useFetcher<BlockAnswer>();
  const fetcher = shared ?? own;
  useResultToast(shared ? null : own.data);
  const { sending, busy } = rowActionState(fetcher, "userId", member.id);
  // A list's fetcher may hold an earlier answer (this member's too): only one that came while this is open closes it.
  const earlier = useRef(fetcher.data);
  const answered = fetcher.state === "idle" && fetcher.data !== earlier.current && fetcher.data?.ok && fetcher.data.userId === member.id;
  useEffect(() => {
    if (answered) onDone?.();
  }, [answered, onDone]);
  return (
    <fetcher.Form method="post" action={BLOCKED_MEMBERS_PATH} className="grid gap-4" data-testid="block-confirmation">
      <p className="text-sm text-muted">{BLOCK_EXPLAINED}</p>
      <input type="hidden" name="intent" value="block" />
      <input type="hidden" name="userId" value={member.id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" variant="destructive" disabled={busy}>
          <Ban className="h-4 w-4" aria-hidden="true" /> {sending ? "Blocking..." : `Block ${member.name}`}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function BlockDialog({
  member,
  open,
  onOpenChange,
  returnTo,
  fetcher,
}: {
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnTo?: string;
  fetcher?: FetcherWithComponents<BlockAnswer>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={blockTitle(member.name)}>
        <BlockConfirmation
          member={member}
          returnTo={returnTo}
          onDone={close}
          fetcher={fetcher}
          cancel={
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Block and Unblock on a member's profile. Block opens the confirmation in a dialog; without JavaScript its link opens
 * the same confirmation in the page (`?block=confirm`). Unblock is a plain form. Both come back to the profile.
 */
export function ProfileBlockControl({ member, blockedByYou, confirming }: { member: Member; blockedByYou: boolean; confirming: boolean }) {
  const [open, setOpen] = useState(false);
  const profilePath = `/profile/${member.id}`;
  if (blockedByYou) {
    return (
      <div className="mt-4 grid gap-2" data-testid="profile-blocked">
        <p className="text-sm text-muted">
          You blocked {member.name}. You do not see each other&apos;s rooms, events or posts, and neither can join what the other hosts.
        </p>
        <UnblockForm member={member} returnTo={profilePath} />
      </div>
    );
  }
  if (confirming) {
    return (
      <section className="mt-4 rounded-xl border border-border p-4" aria-labelledby="block-heading">
        <h2 id="block-heading" className="font-semibold">
          {blockTitle(member.name)}
        </h2>
        <div className="mt-2">
          <BlockConfirmationInPage member={member} profilePath={profilePath} />
        </div>
      </section>
    );
  }
  const openDialog = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <div className="mt-4">
      <a href={`${profilePath}?block=confirm`} className={buttonClasses("outline", "sm")} onClick={openDialog} role="button">
        <Ban className="h-4 w-4" aria-hidden="true" /> Block
      </a>
      <BlockDialog member={member} open={open} onOpenChange={setOpen} returnTo={profilePath} />
    </div>
  );
}

/** The confirmation opened by Block's link without JavaScript: Cancel goes back to the profile. */
function BlockConfirmationInPage({ member, profilePath }: { member: Member; profilePath: string }) {
  return (
    <BlockConfirmation
      member={member}
      returnTo={profilePath}
      cancel={
        <Link to={profilePath} className={buttonClasses("ghost", "md")}>
          Cancel
        </Link>
      }
    />
  );
}

/**
 * Unblock: a plain form to the block action, coming back to `returnTo` (the profile, or the room that refused the
 * member). A list that drops the member's row once they are unblocked passes its own `fetcher` (useListFetcher), which
 * shows the toast: the row goes with the answer.
 */
export function UnblockForm({
  member,
  returnTo,
  label = "Unblock",
  fetcher: shared,
}: {
  member: Member;
  returnTo?: string;
  label?: string;
  fetcher?: FetcherWithComponents<ActionResult>;
}) {
  const own = useFetcher<ActionResult>();
  const fetcher = shared ?? own;
  useResultToast(shared ? null : own.data);
  const { sending, busy } = rowActionState(fetcher, "userId", member.id);
  return (
    <fetcher.Form method="post" action={BLOCKED_MEMBERS_PATH}>
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="userId" value={member.id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={label === "Unblock" ? `Unblock ${member.name}` : undefined}
      >
        {sending ? "Unblocking..." : label}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Block from a player's menu in a room (the players list): an icon button that opens the confirmation. The room stays
 * as it is: the toast says it is done, and when the viewer hosts, the blocked member loses their place at once. That
 * takes this player's row, and this dialog with it, away, often before the answer comes (the room tells the page over
 * its socket first): the players list passes its `fetcher` (useListFetcher) and shows the toast.
 */
export function BlockMemberMenuItem({
  memberId,
  name,
  fetcher,
}: {
  memberId: string;
  name: string;
  fetcher: FetcherWithComponents<BlockAnswer>;
}) {
  const [open, setOpen] = useState(false);
  const member = { id: memberId, name };
  return (
    <>
      <Button size="icon" variant="ghost" aria-label={`Block ${name}`} title={`Block ${name}`} onClick={() => setOpen(true)}>
        <Ban className="h-4 w-4" aria-hidden="true" />
      </Button>
      <BlockDialog member={member} open={open} onOpenChange={setOpen} fetcher={fetcher} />
    </>
  );
}

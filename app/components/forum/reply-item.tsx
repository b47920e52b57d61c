import { useFetcher } from "@remix-run/react";
import { Pencil } from "lucide-react";
import { useEffect, useState } from "react";
import type { ForumReply } from "../../../workers/contract/forum";
import { MemberAvatar } from "~/components/shell/member-avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { authorName } from "./author-name";
import { ConfirmDelete } from "./confirm-delete";
import { FORUM_TOASTS } from "./forum-toasts";
import { Paragraphs } from "./paragraphs";
import { timeAgo } from "./time-ago";
import { useHydrated } from "./use-hydrated";
import { ItemMenu } from "~/components/moderation/item-menu";
import { ModerationNotice } from "~/components/moderation/moderation-notice";

/** One reply; its author can edit it in place or delete it (both need JavaScript). */
export function ReplyItem({ reply, isOwn }: { reply: ForumReply; isOwn: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionResult>();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reply.content);
  const saving = fetcher.state !== "idle";
  useResultToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setEditing(false);
  }, [fetcher.state, fetcher.data]);

  function save() {
    if (!draft.trim()) {
      toast(FORUM_TOASTS.enterReply);
      return;
    }
    fetcher.submit({ intent: "update-reply", replyId: reply.id, content: draft }, { method: "post", preventScrollReset: true });
  }

  return (
    <Card data-testid="forum-reply" className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex items-center gap-2 text-sm">
          <MemberAvatar person={reply.author} className="h-7 w-7 text-xs" />
          <span className="font-medium">{authorName(reply.author)}</span>
          <time className="text-muted" dateTime={reply.createdAt} suppressHydrationWarning>
            {timeAgo(reply.createdAt)}
          </time>
        </span>
        {isOwn && hydrated && !editing ? (
          <span className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label="Edit reply"
              onClick={() => {
                setDraft(reply.content);
                setEditing(true);
              }}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Button>
            <ConfirmDelete what="reply" fields={{ intent: "delete-reply", replyId: reply.id }} />
          </span>
        ) : null}
        {/* Report: for members other than its author (issue 38). */}
        {!isOwn ? <ItemMenu target={{ kind: "forum_reply", id: reply.id }} label="More actions for this reply" /> : null}
      </div>
      {reply.hiddenReason ? <ModerationNotice kind="hidden" reason={reply.hiddenReason} what="reply" /> : null}
      {editing ? (
        <div className="mt-3 grid gap-2">
          <Textarea aria-label="Edit your reply" value={draft} maxLength={5000} onChange={(e) => setDraft(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button size="sm" onClick={save} disabled={!draft.trim() || saving}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 text-sm">
          <Paragraphs text={reply.content} />
        </div>
      )}
    </Card>
  );
}

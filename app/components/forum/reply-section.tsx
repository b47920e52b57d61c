import { useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { ForumReplyPage } from "../../../workers/contract/forum";
import { Button } from "~/components/ui/button";
import { FieldMessage, Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { api, unwrap } from "~/lib/api-client";
import { fieldError, submittedValue, useResultToast, type ActionResult } from "~/lib/forms";
import { formFailure } from "./form-failure";
import { FORUM_TOASTS } from "./forum-toasts";
import { ReplyItem } from "./reply-item";
import { useHydrated } from "./use-hydrated";
import { useMorePages } from "./use-more-pages";

type Props = { postId: string; firstPage: ForumReplyPage; userId: string; locked: boolean };

/** Replies (oldest first, Load more) and the reply box; members only (spec §6). */
export function ReplySection({ postId, firstPage, userId, locked }: Props) {
  const hydrated = useHydrated();
  const location = useLocation();
  const list = useMorePages(postId, { items: firstPage.replies, nextCursor: firstPage.nextCursor }, async (cursor) => {
    const page = await unwrap(api.forum.posts[":id"].replies.$get({ param: { id: postId }, query: { cursor } }));
    return { items: page.replies, nextCursor: page.nextCursor };
  });

  return (
    <section aria-labelledby="replies-heading" className="mt-10">
      <h2 id="replies-heading" className="text-xl font-semibold">
        Replies
      </h2>
      <div className="mt-4 grid gap-3" aria-live="polite">
        {list.items.length === 0 ? (
          <p className="text-muted">No replies yet. Be the first to respond!</p>
        ) : (
          list.items.map((reply) => <ReplyItem key={reply.id} reply={reply} isOwn={reply.author?.id === userId} />)
        )}
        {hydrated && list.nextCursor ? (
          <Button variant="outline" onClick={() => void list.loadMore()} disabled={list.loading} className="justify-self-center">
            {list.loading ? "Loading..." : "Load more"}
          </Button>
        ) : null}
        {list.failed ? <p className="text-sm text-muted">Failed to fetch replies</p> : null}
      </div>
      {/* The redirect after a reply is a new location: the box starts empty again (spec §4). A locked thread takes none. */}
      {locked ? null : <ReplyForm key={location.key} postId={postId} />}
    </section>
  );
}

/**
 * The reply box: posts to the page's action, with or without JavaScript. With
 * it, the button waits for text and a blank reply is refused with the spec's
 * toast; without it, the server's answer shows beside the field.
 */
function ReplyForm({ postId }: { postId: string }) {
  const fetcher = useFetcher<ActionResult>();
  // A post made without JavaScript answers the page itself.
  const pageResult = useActionData<ActionResult>();
  const result = fetcher.data ?? pageResult;
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(submittedValue(pageResult, "content") ?? "");
  const sending = fetcher.state !== "idle";
  const error = fieldError(result, "content") ?? formFailure(result);
  useResultToast(fetcher.data);

  function check(event: FormEvent) {
    if (!draft.trim()) {
      event.preventDefault();
      toast(FORUM_TOASTS.enterReply);
    }
  }

  return (
    <fetcher.Form method="post" onSubmit={check} className="mt-6 grid gap-3" preventScrollReset>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="postId" value={postId} />
      <Label htmlFor="forum-reply">Write a reply</Label>
      <Textarea
        id="forum-reply"
        name="content"
        value={draft}
        maxLength={5000}
        onChange={(e) => setDraft(e.target.value)}
        placeholder="Share your thoughts..."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "forum-reply-error" : undefined}
      />
      <FieldMessage id="forum-reply-error">{error}</FieldMessage>
      <Button type="submit" className="justify-self-end" disabled={hydrated && (!draft.trim() || sending)}>
        {sending ? "Posting..." : "Post Reply"}
      </Button>
    </fetcher.Form>
  );
}

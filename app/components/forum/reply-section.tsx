import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { ForumReply } from "../../../workers/contract/forum";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { createReply, deleteReply, fetchReplies, serverMessage } from "./forum-api";
import { ReplyItem } from "./reply-item";

type Props = { postId: string; userId: string; onRepliesChanged: () => void };

/** Replies (oldest first, Load more) and the reply box; members only (spec §6). */
export function ReplySection({ postId, userId, onRepliesChanged }: Props) {
  const [replies, setReplies] = useState<ForumReply[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);

  const load = useCallback(() => {
    const controller = new AbortController();
    fetchReplies(postId, null, controller.signal)
      .then((page) => {
        setReplies(page.replies);
        setNextCursor(page.nextCursor);
        setStatus("ready");
      })
      .catch(() => !controller.signal.aborted && setStatus("error"));
    return () => controller.abort();
  }, [postId]);
  useEffect(() => load(), [load]);

  async function loadMore() {
    if (!nextCursor) return;
    try {
      const page = await fetchReplies(postId, nextCursor);
      setReplies((r) => [...r, ...page.replies]);
      setNextCursor(page.nextCursor);
    } catch {
      setStatus("error");
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) {
      toast({ title: "Please enter a reply", variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      await createReply(postId, draft);
      setDraft("");
      toast({ title: "Reply posted successfully!" });
      load();
      onRepliesChanged();
    } catch (error) {
      toast({ title: "Failed to post reply", description: serverMessage(error), variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  async function remove(id: string) {
    try {
      await deleteReply(id);
      setReplies((r) => r.filter((reply) => reply.id !== id));
      onRepliesChanged();
    } catch (error) {
      toast({ title: "Failed to delete reply", description: serverMessage(error), variant: "destructive" });
    }
  }

  return (
    <section aria-labelledby="replies-heading" className="mt-10">
      <h2 id="replies-heading" className="text-xl font-semibold">
        Replies
      </h2>
      <div className="mt-4 grid gap-3" aria-live="polite">
        {status === "loading" ? (
          <Skeleton className="h-20" />
        ) : status === "error" ? (
          <p className="text-sm text-muted">Failed to fetch replies</p>
        ) : replies.length === 0 ? (
          <p className="text-muted">No replies yet. Be the first to respond!</p>
        ) : (
          replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              isOwn={reply.author?.id === userId}
              onChanged={(updated) => setReplies((list) => list.map((r) => (r.id === updated.id ? updated : r)))}
              onDelete={() => remove(reply.id)}
            />
          ))
        )}
        {nextCursor ? (
          <Button variant="outline" onClick={loadMore} className="justify-self-center">
            Load more
          </Button>
        ) : null}
      </div>
      <form onSubmit={submit} className="mt-6 grid gap-3">
        <Label htmlFor="forum-reply">Write a reply</Label>
        <Textarea
          id="forum-reply"
          value={draft}
          maxLength={5000}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Share your thoughts..."
        />
        <Button type="submit" className="justify-self-end" disabled={!draft.trim() || sending}>
          {sending ? "Posting..." : "Post Reply"}
        </Button>
      </form>
    </section>
  );
}

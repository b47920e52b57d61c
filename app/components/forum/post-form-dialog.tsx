import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import type { ForumPost } from "../../../workers/contract/forum";
import { FORUM_CATEGORIES } from "../../../workers/contract/forum-categories";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { FORUM_TOASTS } from "./forum-toasts";
import { PostFields } from "./post-fields";

type Props = {
  trigger: ReactNode;
  /** The realm a new post goes to (null: none selected). */
  communityId: string | null;
  /** Edit mode when given. */
  post?: ForumPost;
};

const isCategory = (value: string) => FORUM_CATEGORIES.some((c) => c.id === value);

/**
 * New Post (and the author's Edit) with the spec's validation texts (§5 Forum
 * post), posted to the page's action by a fetcher: a failure keeps the dialog
 * open with what was typed; a new post redirects to the list (the board then
 * starts a fresh dialog), an edit closes the dialog and the page reloads its data.
 */
export function PostFormDialog({ trigger, communityId, post }: Props) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  const initial = { title: post?.title ?? "", category: post?.category ?? "", content: post?.content ?? "" };
  const [values, setValues] = useState(initial);
  const saving = fetcher.state !== "idle";
  useResultToast(fetcher.data);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  function check(event: FormEvent) {
    if (!post && !communityId) {
      event.preventDefault();
      toast(FORUM_TOASTS.selectCommunity);
    } else if (!values.title.trim() || !values.content.trim() || !isCategory(values.category)) {
      event.preventDefault();
      toast(FORUM_TOASTS.fillAllFields);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && post) setValues(initial);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={post ? "Edit Post" : "Create New Post"} description="Share with your community.">
        <fetcher.Form method="post" onSubmit={check} className="grid gap-4" noValidate preventScrollReset>
          {post ? (
            <>
              <input type="hidden" name="intent" value="update-post" />
              <input type="hidden" name="postId" value={post.id} />
            </>
          ) : (
            <>
              <input type="hidden" name="intent" value="create-post" />
              <input type="hidden" name="communityId" value={communityId ?? ""} />
            </>
          )}
          <PostFields result={fetcher.data} values={values} onChange={setValues} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : post ? "Save Changes" : "Create Post"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

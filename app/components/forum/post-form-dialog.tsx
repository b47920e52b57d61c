import { useState, type FormEvent, type ReactNode } from "react";
import type { ForumPost } from "../../../workers/contract/forum";
import { FORUM_CATEGORIES, type ForumCategoryId } from "../../../workers/contract/forum-categories";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { createPost, serverMessage, updatePost } from "./forum-api";

type Props = {
  trigger: ReactNode;
  /** The realm a new post goes to (null: none selected). */
  communityId: string | null;
  /** Edit mode when given. */
  post?: ForumPost;
  onSaved: (post: ForumPost) => void;
};

const isCategory = (value: string): value is ForumCategoryId => FORUM_CATEGORIES.some((c) => c.id === value);

/** New Post (and the author's Edit) with the spec's validation texts (§5 Forum post). */
export function PostFormDialog({ trigger, communityId, post, onSaved }: Props) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(post?.title ?? "");
  const [category, setCategory] = useState<string>(post?.category ?? "");
  const [content, setContent] = useState(post?.content ?? "");
  const [saving, setSaving] = useState(false);

  function reset() {
    setTitle(post?.title ?? "");
    setCategory(post?.category ?? "");
    setContent(post?.content ?? "");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!post && !communityId) {
      toast({ title: "Please select a community first", variant: "destructive" });
      return;
    }
    if (!title.trim() || !content.trim() || !isCategory(category)) {
      toast({ title: "Please fill in all fields", variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const saved = post
        ? await updatePost(post.id, { title, category, content })
        : await createPost({ title, category, content, communityId: communityId! });
      toast({ title: post ? "Post updated successfully!" : "Post created successfully!" });
      setOpen(false);
      if (!post) reset();
      onSaved(saved);
    } catch (error) {
      toast({ title: post ? "Failed to update post" : "Failed to create post", description: serverMessage(error), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && post) reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={post ? "Edit Post" : "Create New Post"} description="Share with your community.">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div>
            <Label htmlFor="forum-post-title">Title</Label>
            <Input id="forum-post-title" value={title} maxLength={150} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="forum-post-category">Category</Label>
            <NativeSelect id="forum-post-category" value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Select a category</option>
              {FORUM_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="forum-post-content">Content</Label>
            <Textarea id="forum-post-content" rows={8} value={content} maxLength={10_000} onChange={(e) => setContent(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : post ? "Save Changes" : "Create Post"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { createForumPostBody, forumIdParam, forumReplyBody, updateForumPostBody } from "../../../workers/contract/forum";
import {
  createForumPost,
  createForumReply,
  deleteForumPost,
  deleteForumReply,
  setForumLike,
  updateForumPost,
  updateForumReply,
} from "../../../workers/domain/forum/forum";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { FORUM_TOASTS } from "~/components/forum/forum-toasts";
import { forumHref, listParamsOf } from "~/components/forum/forum-urls";

const id = forumIdParam.shape.id;

/** What a forum form asks for; the fields of each write are then checked with the API's own schema. */
const forumIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-post") }),
  z.object({ intent: z.literal("update-post"), postId: id }),
  z.object({ intent: z.literal("delete-post"), postId: id }),
  z.object({ intent: z.literal("reply"), postId: id }),
  z.object({ intent: z.literal("update-reply"), replyId: id }),
  z.object({ intent: z.literal("delete-reply"), replyId: id }),
  z.object({ intent: z.literal("like"), postId: id }),
  z.object({ intent: z.literal("unlike"), postId: id }),
]);

/**
 * A browser posting a form without JavaScript sends a textarea's line breaks as
 * CRLF (HTML's form encoding); the text rules (workers/contract/text.ts) keep
 * "\n" and refuse a lone "\r", so the forms' line breaks are read as "\n".
 */
async function readForumForm(request: Request) {
  const raw = await readForm(request);
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value]),
  );
}

/** A failed write's toast: its title, and the server's reason (a rate limit says when to try again). */
const failedWith = (toast: ToastMessage) => (error: { message: string }) => ({ toast: { ...toast, description: error.message } });
const CORRECT_FIELDS = "Please correct the highlighted fields.";

/**
 * Every forum write, as the page's forms post them (with or without JavaScript).
 * What a form without JavaScript can send (a post, a reply, a like; deleting a
 * post) answers with a redirect, with a toast where the spec has one
 * (post/redirect/get: a reload never posts twice); edits and deleting a reply,
 * which only the dialogs send, answer data for the fetcher that sent them.
 */
export async function forumAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForumForm(request);
  const chosen = parseSubmission(forumIntent, raw);
  if (!chosen.ok) return chosen.response;
  const db = context.db;
  const list = listParamsOf(new URL(request.url).searchParams);
  // The page stays the same entry in the browser's history when a write brings it back to itself.
  const samePage = { headers: { "X-Remix-Replace": "true" } };
  const command = chosen.value;

  switch (command.intent) {
    case "create-post": {
      const parsed = parseSubmission(createForumPostBody, raw, { ...FORUM_TOASTS.createFailed, description: CORRECT_FIELDS });
      if (!parsed.ok) return parsed.response;
      try {
        await createForumPost(db, user, parsed.value);
      } catch (error) {
        return domainFailure(error, (e) => ({ ...failedWith(FORUM_TOASTS.createFailed)(e), values: parsed.value }));
      }
      // The new post heads the list it lands on, so a search it may not match is left.
      return redirectWithToast(request, forumHref({ ...list, q: null }), FORUM_TOASTS.postCreated, samePage);
    }
    case "update-post": {
      const parsed = parseSubmission(updateForumPostBody, raw, { ...FORUM_TOASTS.updateFailed, description: CORRECT_FIELDS });
      if (!parsed.ok) return parsed.response;
      try {
        await updateForumPost(db, command.postId, user, parsed.value);
      } catch (error) {
        return domainFailure(error, failedWith(FORUM_TOASTS.updateFailed));
      }
      return { ok: true as const, toast: FORUM_TOASTS.postUpdated };
    }
    case "delete-post": {
      try {
        await deleteForumPost(db, command.postId, user);
      } catch (error) {
        return domainFailure(error, failedWith(FORUM_TOASTS.deleteFailed));
      }
      return redirectWithToast(request, forumHref(list), FORUM_TOASTS.postDeleted);
    }
    case "reply": {
      const parsed = parseSubmission(forumReplyBody, raw, { ...FORUM_TOASTS.replyFailed, description: CORRECT_FIELDS });
      if (!parsed.ok) return parsed.response;
      try {
        await createForumReply(db, command.postId, user, parsed.value.content);
      } catch (error) {
        return domainFailure(error, (e) => ({ ...failedWith(FORUM_TOASTS.replyFailed)(e), values: parsed.value }));
      }
      return redirectWithToast(request, forumHref({ ...list, post: command.postId }), FORUM_TOASTS.replyPosted, samePage);
    }
    case "update-reply": {
      const parsed = parseSubmission(forumReplyBody, raw, { ...FORUM_TOASTS.replyUpdateFailed, description: CORRECT_FIELDS });
      if (!parsed.ok) return parsed.response;
      try {
        await updateForumReply(db, command.replyId, user, parsed.value.content);
      } catch (error) {
        return domainFailure(error, failedWith(FORUM_TOASTS.replyUpdateFailed));
      }
      return { ok: true as const };
    }
    case "delete-reply": {
      try {
        await deleteForumReply(db, command.replyId, user);
      } catch (error) {
        return domainFailure(error, failedWith(FORUM_TOASTS.replyDeleteFailed));
      }
      return { ok: true as const };
    }
    case "like":
    case "unlike": {
      try {
        await setForumLike(db, command.postId, user.id, command.intent === "like");
      } catch (error) {
        // Spec 001 §8: a failed like shows no toast; the button keeps its state.
        return domainFailure(error);
      }
      return redirect(forumHref({ ...list, post: command.postId }), samePage);
    }
  }
}

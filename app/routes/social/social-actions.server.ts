import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { connectionBody, socialHubPlatform, socialPostBody, socialPostIdParam } from "../../../workers/contract/social";
import { createPost, deletePost, setPlatformConnection } from "../../../workers/domain/social";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { SOCIAL_TOASTS } from "~/components/social/social-toasts";

const socialIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("platform"), platform: socialHubPlatform }),
  z.object({ intent: z.literal("create-post") }),
  z.object({ intent: z.literal("delete-post"), id: socialPostIdParam.shape.id }),
]);

type FormFields = Record<string, string | string[] | undefined>;

/** The switch's form ("true"/"false") read by the API's own schema; anything else stays as sent, for it to refuse. */
const connectionForm = z.preprocess(
  (form: FormFields) => ({ connected: form.connected === "true" ? true : form.connected === "false" ? false : form.connected }),
  connectionBody,
);

/** A new post's form read by the API's own schema: `platforms` may repeat, and no `scheduledFor` means "now". */
const postForm = z.preprocess(
  (form: FormFields) => ({
    content: form.content,
    platforms: form.platforms === undefined ? [] : [form.platforms].flat(),
    // The browser sends the moment in ISO form: it knows the member's time zone.
    ...(form.scheduledFor ? { scheduledFor: form.scheduledFor } : {}),
  }),
  socialPostBody,
);

/** The Social Hub's writes: platform switches, new (or scheduled) posts and deletions. */
export async function socialAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const chosen = parseSubmission(socialIntent, raw);
  if (!chosen.ok) return chosen.response;
  const command = chosen.value;
  const db = context.db;

  switch (command.intent) {
    case "platform": {
      const parsed = parseSubmission(connectionForm, raw, SOCIAL_TOASTS.platformFailed);
      if (!parsed.ok) return parsed.response;
      try {
        return { ok: true as const, platform: await setPlatformConnection(db, user.id, command.platform, parsed.value.connected) };
      } catch (error) {
        return domainFailure(error, { toast: SOCIAL_TOASTS.platformFailed });
      }
    }
    case "create-post": {
      const parsed = parseSubmission(postForm, raw, { ...SOCIAL_TOASTS.saveFailed, description: "Please correct the highlighted fields." });
      if (!parsed.ok) return parsed.response;
      try {
        return { ok: true as const, post: await createPost(db, user.id, parsed.value) };
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: { ...SOCIAL_TOASTS.saveFailed, description: e.message } }));
      }
    }
    case "delete-post": {
      try {
        await deletePost(db, user.id, command.id);
        return { ok: true as const };
      } catch (error) {
        return domainFailure(error, { toast: SOCIAL_TOASTS.deleteFailed });
      }
    }
  }
}

import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { CommunitySummary } from "../../../workers/domain/communities";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldMessage } from "~/components/ui/field";
import { fieldError, submittedValue, useResultToast, type ActionResult } from "~/lib/forms";
import { formFailure } from "./form-failure";
import { forumHref, listParamsOf } from "./forum-urls";
import { PostFields } from "./post-fields";

/**
 * The new-post form as a page of its own (`?compose=1`): where New Post leads
 * before JavaScript runs, or without it. Errors come back beside the fields; a
 * new post redirects to the list with the spec's toast.
 */
export function ComposePost({ community }: { community: CommunitySummary }) {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const back = forumHref(listParamsOf(search));
  const sending = navigation.state === "submitting";
  useResultToast(result);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={back} className={buttonClasses("ghost", "md")}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Forum
      </Link>
      <Card className="mt-6">
        <h1 className="text-2xl font-bold">Create New Post</h1>
        <p className="mt-1 text-sm text-muted">Share with the {community.displayName} community.</p>
        <Form method="post" className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create-post" />
          <input type="hidden" name="communityId" value={community.id} />
          <FieldMessage id="forum-post-form-error">{fieldError(result, "communityId") ?? formFailure(result)}</FieldMessage>
          <PostFields
            result={result}
            defaults={{
              title: submittedValue(result, "title"),
              category: submittedValue(result, "category"),
              content: submittedValue(result, "content"),
            }}
          />
          <div className="flex justify-end gap-2">
            <Link to={back} className={buttonClasses("outline", "md")}>
              Cancel
            </Link>
            <Button type="submit" disabled={sending}>
              {sending ? "Saving..." : "Create Post"}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}

import { Form } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FORUM_PATH } from "./forum-urls";
import { KeepListParams } from "./keep-list-params";

/** Back to the list the post was opened from (its realm and category): a GET form, so it works without JavaScript. */
export function BackToForum() {
  return (
    <Form method="get" action={FORUM_PATH}>
      <KeepListParams />
      <Button type="submit" variant="ghost">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Forum
      </Button>
    </Form>
  );
}

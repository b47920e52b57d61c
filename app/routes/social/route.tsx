import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { socialAction } from "./social-actions.server";
import { SocialHub } from "~/components/social/social-hub";
import { ActionToast } from "~/components/ui/action-toast";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../../workers/contract/brand";
import { listPlatforms, listPosts } from "../../../workers/domain/social";

export const meta: MetaFunction = () => [{ title: documentTitle("Social") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const [platforms, posts] = await Promise.all([listPlatforms(context.db, user.id), listPosts(context.db, user.id, { limit: 50 })]);
  return { platforms, posts };
}

/** Platform switches, new posts and deletions (one `intent` each). */
export const action = (args: ActionFunctionArgs) => socialAction(args);

export default function Page() {
  const { platforms, posts } = useLoaderData<typeof loader>();
  return (
    <>
      <ActionToast />
      <SocialHub platforms={platforms} firstPage={posts} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

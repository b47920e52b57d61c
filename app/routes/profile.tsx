import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { profileAction } from "~/components/profile/profile-actions.server";
import { OwnProfileOrChild } from "~/components/profile/profile-page";
import { loadProfilePage } from "~/components/profile/profile-page.server";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Profile") }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  // /profile/:userId renders its own data through the child route.
  if (params.userId !== undefined) return null;
  return loadProfilePage(context, user.id, user.id);
}

/** The member's own profile: edit (page and Edit Profile dialog), add and remove social links. */
export const action = ({ request, context }: ActionFunctionArgs) => profileAction(request, context);

export default OwnProfileOrChild;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { profileAction } from "./profile-actions.server";
import { useLoaderData, useOutlet } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { loadProfilePage } from "./profile-page.server";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Profile") }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  // /profile/:userId renders its own data through the child route.
  if (params.userId !== undefined) return null;
  return loadProfilePage(context, user.id, user.id, request);
}

/** The member's own profile: edit (page and Edit Profile dialog), add and remove social links. */
export const action = ({ request, context }: ActionFunctionArgs) => profileAction(request, context);

/**
 * /profile is also the parent route of /profile/:userId (flat routes nest on
 * the dot), so it renders the child when there is one.
 */
export default function OwnProfileOrChild() {
  const data = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  return outlet ?? (data ? <ProfilePage data={data} /> : null);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

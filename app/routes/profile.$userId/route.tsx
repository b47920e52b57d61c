import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { loadProfilePage } from "../profile/profile-page.server";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../../workers/contract/brand";
import { displayName } from "../../../workers/contract/display-name";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  return [{ title: documentTitle("Profile", data?.profile ? displayName(data.profile, "") || null : "User Not Found") }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  return loadProfilePage(context, user.id, params.userId ?? "", request);
}

export default function MemberProfile() {
  return <ProfilePage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

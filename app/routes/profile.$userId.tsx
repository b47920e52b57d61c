import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ProfilePage } from "~/components/profile/profile-page";
import { loadProfilePage } from "~/components/profile/profile-page.server";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "~/lib/brand";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const name = [data?.profile?.firstName, data?.profile?.lastName].filter(Boolean).join(" ");
  return [{ title: documentTitle("Profile", data?.profile ? name || null : "User Not Found") }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  return loadProfilePage(context, user.id, params.userId ?? "");
}

export default ProfilePage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

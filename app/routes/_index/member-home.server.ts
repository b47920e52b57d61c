import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSelectedRealm } from "~/lib/realm-cookie.server";
import { getCommunityDashboard, getHomeDashboard } from "../../../workers/domain/dashboard";
import { asDashboardRealm } from "~/components/dashboard/community-dashboards";
import type { MemberHomeData } from "~/components/dashboard/member-home";

/**
 * Data of the member home. The realm comes from `?realm=` (the page's fetcher
 * asks for it when the selection changes on the client) or else the selection cookie.
 */
export async function loadMemberHome(request: Request, context: Pick<AppLoadContext, "db" | "user">): Promise<MemberHomeData> {
  const user = context.user;
  if (!user) return { signedIn: false };
  const url = new URL(request.url);
  const realm = asDashboardRealm(url.searchParams.get("realm") ?? (await readSelectedRealm(request)));
  if (realm) {
    return { signedIn: true, communityId: realm, community: await getCommunityDashboard(context.db, user.id, realm), home: null };
  }
  return { signedIn: true, communityId: null, community: null, home: await getHomeDashboard(context.db, user.id) };
}

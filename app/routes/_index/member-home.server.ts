import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import { getCommunityDashboard, getHomeDashboard } from "../../../workers/domain/dashboard";
import { asDashboardCommunity } from "~/components/dashboard/community-dashboards";
import type { MemberHomeData } from "~/components/dashboard/member-home";

/**
 * Data of the member home. The realm comes from `?realm=` (the page's fetcher
 * asks for it when the selection changes on the client) or else the selection cookie.
 */
export async function loadMemberHome(request: Request, context: Pick<AppLoadContext, "db" | "user">): Promise<MemberHomeData> {
  const user = context.user;
  if (!user) return { signedIn: false };
  const url = new URL(request.url);
  const communityId = asDashboardCommunity(url.searchParams.get("realm") ?? (await readSelectedCommunity(request)));
  if (communityId) {
    return { signedIn: true, communityId, community: await getCommunityDashboard(context.db, user.id, communityId), home: null };
  }
  return { signedIn: true, communityId: null, community: null, home: await getHomeDashboard(context.db, user.id) };
}

import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { CommunityDashboardData, HomeDashboardData } from "../../../workers/domain/dashboard";
import type { ShellMember } from "../../../workers/domain/shell";
import { useCommunity } from "~/hooks/use-community";
import { handleSessionExpired } from "~/lib/session-expired";
import { asDashboardCommunity, type DashboardCommunity } from "./community-dashboards";
import { CommunityDashboard } from "./community-dashboard";
import { DashboardLoading } from "./dashboard-parts";
import { HomeDashboard } from "./home-dashboard";

/**
 * What the home route loads for a member (and answers its fetcher): the selected realm's dashboard, or All Realms';
 * `signedIn: false` when the session ended meanwhile.
 */
export type MemberHomeData =
  | { signedIn: false }
  | { signedIn: true; communityId: DashboardCommunity; community: CommunityDashboardData; home: null }
  | { signedIn: true; communityId: null; community: null; home: HomeDashboardData };

/**
 * Signed-in home: the selected realm's dashboard, or All Realms. The realm is
 * client state, so when it changes the page fetches that realm's data.
 */
export function MemberHome({ user, initial }: { user: ShellMember; initial: MemberHomeData }) {
  const { selectedCommunityId } = useCommunity();
  const wanted = asDashboardCommunity(selectedCommunityId);
  const fetcher = useFetcher<MemberHomeData>();
  const requested = useRef<string | null | undefined>(undefined);
  const matches = (d: MemberHomeData | undefined) => d?.signedIn === true && d.communityId === wanted;
  const data = [fetcher.data, initial].find(matches);

  useEffect(() => {
    if (data || requested.current === wanted) return;
    requested.current = wanted;
    fetcher.load(`/?index&realm=${wanted ?? "all"}`);
  }, [data, wanted, fetcher]);

  // Spec 000 §2: signed out meanwhile → toast, then sign-in after 500 ms.
  const signedOut = fetcher.data?.signedIn === false;
  useEffect(() => {
    if (signedOut) handleSessionExpired();
  }, [signedOut]);

  if (!data || !data.signedIn) return <DashboardLoading />;
  if (data.community && data.communityId) return <CommunityDashboard user={user} communityId={data.communityId} data={data.community} />;
  if (data.home) return <HomeDashboard user={user} data={data.home} />;
  return <DashboardLoading />;
}

import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { getProfile, listSocialLinks } from "../../../workers/domain/profile";
import { listMemberCommunities } from "../../../workers/domain/community-membership";
import type { ProfilePageData } from "~/components/profile/profile-page";

/** Loader data of /profile and /profile/:userId: `userId`'s profile as `viewerId` sees it (404 when missing). */
export async function loadProfilePage(context: AppLoadContext, viewerId: string, userId: string) {
  const [profile, links, memberCommunities] = await Promise.all([
    getProfile(context.db, userId, viewerId),
    listSocialLinks(context.db, userId, viewerId),
    listMemberCommunities(context.db, userId, viewerId),
  ]);
  return json<ProfilePageData>({ profile, links, memberCommunities, isOwner: viewerId === userId }, { status: profile ? 200 : 404 });
}

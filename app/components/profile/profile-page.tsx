import { useLoaderData, useLocation, useOutlet } from "@remix-run/react";
import { useRootData } from "~/lib/root-data";
import type { loadProfilePage } from "./profile-page.server";
import { ProfileView, UserNotFound } from "./profile-view";

/** The body of /profile and /profile/:userId. */
export function ProfilePage() {
  const { profile, links, realms, isOwner } = useLoaderData<typeof loadProfilePage>();
  const communities = useRootData()?.communities ?? [];
  // A new location (a save, a Cancel, another member) starts the page afresh: view mode, stored values.
  const location = useLocation();
  if (!profile) return <UserNotFound />;
  return (
    <ProfileView
      key={`${profile.id}:${location.key}`}
      profile={profile}
      links={links}
      realms={realms}
      isOwner={isOwner}
      communities={communities}
    />
  );
}

/**
 * /profile is also the parent route of /profile/:userId (flat routes nest on
 * the dot), so it renders the child when there is one.
 */
export function OwnProfileOrChild() {
  const outlet = useOutlet();
  return outlet ?? <ProfilePage />;
}

import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import { takeToast } from "~/lib/toast.server";
import { listCommunitiesCached, publicMember } from "../../workers/domain/shell";

/**
 * The root route's loader (app/root.tsx's `loader` calls it): the member (or
 * null), the realms, the header's unread count and theme, the selected realm
 * and a one-time flash toast. Its own module so that useRootData
 * (app/lib/root-data.ts) takes its type from here, not from app/root.tsx.
 */
export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const user = context.user;
  const communities = await listCommunitiesCached(context.db);
  const memberData = context.shell;
  const flash = await takeToast(request);
  return data(
    {
      user: user ? publicMember(user) : null,
      communities,
      unreadCount: memberData?.unreadCount ?? 0,
      themeMode: memberData?.themeMode ?? "system",
      /** The account menu's Moderation link (issue 38): realm moderators and administrators. */
      canModerate: memberData?.canModerate ?? false,
      selectedCommunityId: await readSelectedCommunity(request),
      toast: flash.toast,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

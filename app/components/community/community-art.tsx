import artHref from "~/assets/community-art.svg?no-inline";
import { cn } from "~/lib/cn";

/**
 * A realm's hero art from the cached sprite (drawn in community-art.source.tsx), in the realm's palette for
 * light and dark; All Realms (null) has its own. Decoration only: hidden from assistive technology and
 * from pointer events.
 */
export function CommunityArt({ communityId, className }: { communityId: string | null; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 400 240"
      preserveAspectRatio="xMaxYMid meet"
      data-testid="realm-art"
      data-realm-art={communityId ?? "all"}
      className={cn("realm-art pointer-events-none", className)}
    >
      <use href={`${artHref}#${communityId ?? "all"}`} />
    </svg>
  );
}

import { cn } from "~/lib/cn";

/** A realm's colour dot in its own primary for the current mode (≥ 3:1 on any realm's surface; app/styles/community-themes.css). */
export function CommunityDot({ communityId, className }: { communityId: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-community={communityId}
      className={cn("realm-dot inline-block h-2.5 w-2.5 shrink-0 rounded-full", className)}
    />
  );
}

import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { CommunityArt } from "./community-art";

/**
 * A realm's hero band: its tinted gradient and its art on the right (faded towards the text, which keeps
 * its contrast), with the content on top. Used by the realm dashboards and the forum header.
 */
export function CommunityHero({
  communityId,
  children,
  className,
}: {
  communityId: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("relative isolate overflow-hidden border-b border-border bg-gradient-hero", className)}
      data-realm-hero={communityId ?? "all"}
    >
      <CommunityArt
        communityId={communityId}
        className="absolute -right-6 top-0 -z-10 h-28 w-48 [mask-image:linear-gradient(to_left,black_55%,transparent)] sm:right-0 sm:h-full sm:w-[min(55%,30rem)]"
      />
      {children}
    </section>
  );
}

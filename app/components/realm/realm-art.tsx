import artHref from "~/assets/realm-art.svg?no-inline";
import { cn } from "~/lib/cn";

/**
 * A realm's hero art from the cached sprite (drawn in realm-art.source.tsx), in the realm's palette for
 * light and dark; All Realms (null) has its own. Decoration only: hidden from assistive technology and
 * from pointer events.
 */
export function RealmArt({ realmId, className }: { realmId: string | null; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 400 240"
      preserveAspectRatio="xMaxYMid meet"
      data-testid="realm-art"
      data-realm-art={realmId ?? "all"}
      className={cn("realm-art pointer-events-none", className)}
    >
      <use href={`${artHref}#${realmId ?? "all"}`} />
    </svg>
  );
}

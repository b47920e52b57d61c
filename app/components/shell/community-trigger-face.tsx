// The realm selector (community-selector.tsx) and its lazily loaded menu draw the same face, so the menu's chunk does not import it.
import { CommunityDot } from "~/components/community/community-dot";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useCommunity } from "~/hooks/use-community";

export const communityTriggerClass =
  "inline-flex h-9 min-w-0 items-center gap-2 rounded-lg border border-border bg-surface px-2.5 text-sm font-medium text-fg hover:border-primary sm:px-3";

/** What the realm selector's button shows: the active realm (or All Realms) with its dot. */
export function CommunityTriggerFace() {
  const { selectedCommunity } = useCommunity();
  return (
    <>
      {selectedCommunity ? <CommunityDot communityId={selectedCommunity.id} /> : <SpriteIcon name="globe" className="h-4 w-4" />}
      <span className="max-w-[6.5rem] truncate sm:max-w-[9rem]">{selectedCommunity?.displayName ?? "All Realms"}</span>
      <SpriteIcon name="chevron-down" className="h-4 w-4 opacity-70" />
    </>
  );
}

export function communityTriggerLabel(name: string | undefined) {
  return `Realm: ${name ?? "All Realms"}`;
}

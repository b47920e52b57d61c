import { lazy, Suspense } from "react";
import { useCommunity } from "~/hooks/use-community";
import { useLoadOnIntent } from "~/hooks/use-load-on-intent";
import { communityTriggerClass, communityTriggerLabel, CommunityTriggerFace } from "./community-trigger-face";

const loadCommunityMenu = () => import("./community-menu");
const CommunityMenu = lazy(loadCommunityMenu);

/** All Realms plus each community; the menu's code arrives when a visitor reaches for it (use-load-on-intent). */
export function CommunitySelector() {
  const { selectedCommunity } = useCommunity();
  const { request, triggerProps } = useLoadOnIntent(loadCommunityMenu);
  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      className={communityTriggerClass}
      aria-label={communityTriggerLabel(selectedCommunity?.displayName)}
      data-testid="realm-selector"
      {...triggerProps}
    >
      <CommunityTriggerFace />
    </button>
  );
  if (!request) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CommunityMenu request={request} />
    </Suspense>
  );
}

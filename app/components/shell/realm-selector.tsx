import { lazy, Suspense } from "react";
import { useCommunity } from "~/hooks/use-community";
import { useLoadOnIntent } from "~/hooks/use-load-on-intent";
import { realmTriggerClass, realmTriggerLabel, RealmTriggerFace } from "./realm-trigger-face";

const loadRealmMenu = () => import("./realm-menu");
const RealmMenu = lazy(loadRealmMenu);

/** All Realms plus each community; the menu's code arrives when a visitor reaches for it (use-load-on-intent). */
export function RealmSelector() {
  const { selectedCommunity } = useCommunity();
  const { request, triggerProps } = useLoadOnIntent(loadRealmMenu);
  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      className={realmTriggerClass}
      aria-label={realmTriggerLabel(selectedCommunity?.displayName)}
      data-testid="realm-selector"
      {...triggerProps}
    >
      <RealmTriggerFace />
    </button>
  );
  if (!request) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RealmMenu request={request} />
    </Suspense>
  );
}

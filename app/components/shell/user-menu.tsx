import { lazy, Suspense } from "react";
import { useLoadOnIntent } from "~/hooks/use-load-on-intent";
import type { ShellMember } from "../../../workers/domain/shell";
import { userMenuTriggerClass, UserMenuFace } from "./user-menu-face";

const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(loadAccountMenu);

/** The member's avatar in the header: its menu arrives when they reach for it (use-load-on-intent). */
export function UserMenu({ user }: { user: ShellMember }) {
  const { request, triggerProps } = useLoadOnIntent(loadAccountMenu);
  const placeholder = (
    <button type="button" aria-haspopup="menu" className={userMenuTriggerClass} data-testid="user-menu" {...triggerProps}>
      <UserMenuFace user={user} />
    </button>
  );
  if (!request) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu user={user} request={request} />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useRef, type MouseEvent } from "react";
import { useLoadOnIntent } from "~/hooks/use-load-on-intent";
import type { ShellMember } from "../../../workers/domain/shell";
import { displayName } from "../../../workers/contract/display-name";
import { userMenuTriggerClass, UserMenuFace } from "./user-menu-face";

const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(loadAccountMenu);

const itemClass = "flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-background";

/**
 * The member's avatar in the header. Until the page has hydrated it is a `<details>` whose summary the browser opens
 * by itself, on the first click, with Profile, Settings and Sign Out (a link and a form, which work without any
 * script): a click made while the page is still loading is answered at once. Once hydrated, a press asks for the real
 * menu (Radix, loaded on intent: use-load-on-intent), and a `<details>` the browser opened before hydration is handed
 * over to it, open.
 */
export function UserMenu({ user }: { user: ShellMember }) {
  const { request, triggerProps, ask } = useLoadOnIntent(loadAccountMenu);
  const early = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (early.current?.open) ask(false);
    // Once, at hydration: later presses go through the trigger's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onClick = (event: MouseEvent) => {
    // Hydrated: the real menu answers, the browser's disclosure stays shut.
    event.preventDefault();
    triggerProps.onClick(event);
  };
  const placeholder = (
    <details ref={early} className="relative">
      <summary
        aria-haspopup="menu"
        className={`${userMenuTriggerClass} block cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        data-testid="user-menu"
        {...triggerProps}
        onClick={onClick}
      >
        <UserMenuFace user={user} />
      </summary>
      <div
        className="absolute right-0 z-50 mt-1.5 min-w-[12rem] rounded-xl border border-border bg-surface p-1 text-fg shadow-xl"
        data-testid="user-menu-early"
      >
        <p className="px-3 py-2 text-xs text-muted">{displayName(user, user.email)}</p>
        <a href="/profile" className={itemClass}>
          Profile
        </a>
        {/* Text only (no icon code in every page's header). The dialog needs the page's scripts: until they run,
            Settings waits for them, and the menu is handed over open once they have. */}
        <button type="button" className={itemClass}>
          Settings
        </button>
        <div className="my-1 h-px bg-border" />
        <form method="post" action="/api/logout">
          <button type="submit" className={itemClass}>
            Sign Out
          </button>
        </form>
      </div>
    </details>
  );
  if (!request) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu user={user} request={request} />
    </Suspense>
  );
}

import { NavLink, useLocation } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { Bell, LogIn, LogOut, Settings, ShieldCheck, UserPlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { loginHref } from "~/lib/login-href";
import { useRootData } from "~/lib/root-data";
import { displayName } from "../../../workers/contract/display-name";
import type { ShellMember } from "../../../workers/domain/shell";
import { LazySettingsDialog, preloadSettingsOnIntent } from "./lazy-settings-dialog";
import { headerLinks } from "./nav-links";

const rowClass = "flex w-full items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-fg hover:bg-background";

/**
 * The phone menu's sheet: a Radix dialog with every header destination and the account items. Radix
 * traps focus, closes it on Escape and gives focus back to the menu button; a navigation closes it too,
 * so the page that opens is never hidden behind it. Loaded on the first open (mobile-menu.tsx).
 */
export default function MobileMenuSheet({
  user,
  open,
  onOpenChange,
}: {
  user: ShellMember | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const location = useLocation();
  const close = () => onOpenChange(false);
  const canModerate = useRootData()?.canModerate ?? false;
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key === shownAt.current) return;
    shownAt.current = location.key;
    onOpenChange(false);
  }, [location.key, onOpenChange]);

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
          <Dialog.Content
            className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto border-l border-border bg-surface p-4 text-fg shadow-2xl"
            data-testid="mobile-menu"
          >
            <div className="flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
              <Dialog.Close className="grid h-10 w-10 place-items-center rounded-lg text-muted hover:text-fg" aria-label="Close menu">
                <X className="h-5 w-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Pages and account</Dialog.Description>
            <nav aria-label="Main" className="mt-2 grid gap-1">
              {headerLinks(Boolean(user)).map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  end={link.end}
                  onClick={close}
                  className={({ isActive }) => cn(rowClass, isActive && "bg-background text-primary")}
                >
                  {link.label}
                </NavLink>
              ))}
            </nav>
            <div className="mt-4 border-t border-border pt-4" role="group" aria-label="Account">
              {user ? (
                <>
                  <p className="truncate px-3 pb-2 text-sm text-muted">{displayName(user, user.email)}</p>
                  <NavLink to="/notifications" onClick={close} className={rowClass}>
                    <Bell className="h-5 w-5" aria-hidden="true" /> Notifications
                  </NavLink>
                  <button
                    type="button"
                    className={rowClass}
                    {...preloadSettingsOnIntent}
                    onClick={() => {
                      close();
                      setSettingsOpen(true);
                    }}
                  >
                    <Settings className="h-5 w-5" aria-hidden="true" /> Settings
                  </button>
                  {canModerate ? (
                    <NavLink to="/moderation" onClick={close} className={rowClass}>
                      <ShieldCheck className="h-5 w-5" aria-hidden="true" /> Moderation
                    </NavLink>
                  ) : null}
                  <form method="post" action="/api/logout">
                    <button type="submit" className={rowClass}>
                      <LogOut className="h-5 w-5" aria-hidden="true" /> Sign Out
                    </button>
                  </form>
                </>
              ) : (
                <>
                  <a href={loginHref()} className={rowClass}>
                    <LogIn className="h-5 w-5" aria-hidden="true" /> Sign In
                  </a>
                  <a href={loginHref()} className={rowClass}>
                    <UserPlus className="h-5 w-5" aria-hidden="true" /> Join Free
                  </a>
                </>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {user ? <LazySettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} user={user} /> : null}
    </>
  );
}

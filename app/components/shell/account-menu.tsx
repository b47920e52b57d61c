import { Link } from "@remix-run/react";
import { LogOut, Settings, ShieldCheck, User } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { useFirstItemFocus, type OpenRequest } from "~/hooks/use-load-on-intent";
import { useRootData } from "~/lib/root-data";
import { displayName } from "../../../workers/contract/display-name";
import type { ShellMember } from "../../../workers/domain/shell";
import { LazySettingsDialog, preloadSettingsOnIntent } from "./lazy-settings-dialog";
import { userMenuTriggerClass, UserMenuFace } from "./user-menu-face";

const itemClass = "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-background";

/** The account menu (profile, settings, sign out), loaded on first use and mounted open (user-menu.tsx). */
export default function AccountMenu({ user, request }: { user: ShellMember; request: OpenRequest }) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Set in the same event as the choice, so the menu's close (which may run before a render) sees it.
  const openingSettings = useRef(false);
  const focusFirstItem = useFirstItemFocus(request);
  const canModerate = useRootData()?.canModerate ?? false;
  return (
    <>
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger className={userMenuTriggerClass} data-testid="user-menu">
          <UserMenuFace user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            onFocus={focusFirstItem}
            // Settings opens a dialog as the menu closes: the menu must not hand the focus back to its trigger, which
            // would take it out of the dialog (a modal keeps the keyboard inside it).
            onCloseAutoFocus={(event) => {
              if (!openingSettings.current) return;
              openingSettings.current = false;
              event.preventDefault();
            }}
            className="z-50 min-w-[12rem] rounded-xl border border-border bg-surface p-1 text-fg shadow-xl"
          >
            <DropdownMenu.Label className="px-3 py-2 text-xs text-muted">{displayName(user, user.email)}</DropdownMenu.Label>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/profile">
                <User className="h-4 w-4" aria-hidden="true" /> Profile
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                openingSettings.current = true;
                setSettingsOpen(true);
              }}
              {...preloadSettingsOnIntent}
            >
              <Settings className="h-4 w-4" aria-hidden="true" /> Settings
            </DropdownMenu.Item>
            {canModerate ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/moderation">
                  <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Moderation
                </Link>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            {/* A form, not a link: signing out changes state, so it is a same-origin POST. The menu stays open on
                select: closing it would unmount the form inside the click, before the browser submits it. */}
            <form method="post" action="/api/logout">
              <DropdownMenu.Item asChild className={itemClass} onSelect={(event) => event.preventDefault()}>
                <button type="submit" className="w-full">
                  <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
                </button>
              </DropdownMenu.Item>
            </form>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LazySettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} user={user} />
    </>
  );
}

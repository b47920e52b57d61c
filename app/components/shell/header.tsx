import { Link, NavLink } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { cn } from "~/lib/cn";
import { PRODUCT_NAME } from "../../../workers/contract/brand";
import { loginHref } from "~/lib/login-href";
import type { ShellMember } from "../../../workers/domain/shell";
import { MobileMenu } from "./mobile-menu";
import { headerLinks, type NavLinkItem } from "./nav-links";
import { CommunitySelector } from "./community-selector";
import { UserMenu } from "./user-menu";

export function Header({ user, unreadCount }: { user: ShellMember | null; unreadCount: number }) {
  const links = headerLinks(Boolean(user));
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold" aria-label={`${PRODUCT_NAME} home`}>
          <span className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-primary text-white" aria-hidden="true">
            <SpriteIcon name="sparkles" className="h-4 w-4" />
          </span>
          <span className="hidden sm:inline">{PRODUCT_NAME}</span>
        </Link>
        <CommunitySelector />
        <nav aria-label="Main" className="ml-2 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavItem key={link.to} {...link} />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <NotificationBell initialUnread={unreadCount} />
              <UserMenu user={user} />
            </>
          ) : (
            <>
              {/* On a phone Sign In lives in the menu; Join Free stays in sight. */}
              <a href={loginHref()} className={buttonClasses("ghost", "sm", "max-sm:hidden")}>
                Sign In
              </a>
              <a href={loginHref()} className={buttonClasses("primary", "sm")}>
                Join Free
              </a>
            </>
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}

function NavItem({ to, label, end }: NavLinkItem) {
  return (
    <NavLink
      to={to}
      end={end}
      prefetch="intent"
      className={({ isActive }) =>
        cn(
          "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition",
          isActive ? "bg-surface text-fg" : "text-muted hover:text-fg",
        )
      }
    >
      {label}
    </NavLink>
  );
}

/** The header's destinations: the desktop nav and the phone menu list the same ones. */
export type NavLinkItem = { to: string; label: string; end?: boolean };

const NAV: NavLinkItem[] = [
  { to: "/", label: "Home", end: true },
  { to: "/tablesync", label: "TableSync" },
  { to: "/calendar", label: "Calendar" },
  { to: "/tournaments", label: "Tournaments" },
  { to: "/community-forum", label: "Forum" },
];

export function headerLinks(signedIn: boolean): NavLinkItem[] {
  return signedIn ? [...NAV, { to: "/profile", label: "Profile" }] : NAV;
}

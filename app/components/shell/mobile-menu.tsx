import { lazy, Suspense, useState } from "react";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import type { ShellMember } from "../../../workers/domain/shell";

// The sheet (and Radix's dialog with it) is downloaded when the menu first opens, not with every page.
const MobileMenuSheet = lazy(() => import("./mobile-menu-sheet"));

/** The phone header's menu button (below the lg breakpoint), opening the menu sheet. */
export function MobileMenu({ user }: { user: ShellMember | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="grid h-10 w-10 shrink-0 place-items-center rounded-lg border border-border bg-surface text-fg lg:hidden"
        data-testid="menu-button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <SpriteIcon name="menu" className="h-5 w-5" />
        <span className="sr-only">Menu</span>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

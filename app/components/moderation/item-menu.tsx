import { useLocation } from "@remix-run/react";
import { Flag, MoreHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { lazy, Suspense, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/components/forum/use-hydrated";
import { REPORT_ITEM_LABELS } from "../../../workers/contract/moderation-options";
import { reportHref, type ReportTarget } from "./report-target";

const ReportDialog = lazy(() => import("./report-dialog"));

const itemClass = "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-background";

/**
 * The "More" menu beside a post, a reply or a chat line: its one item today is Report (Radix's menu: arrow keys,
 * Escape, focus back to the button). Before the page hydrates, or without JavaScript, a plain "Report" link to the
 * report page takes its place.
 */
export function ItemMenu({ target, label }: { target: ReportTarget; label?: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [reporting, setReporting] = useState(false);
  const noun = REPORT_ITEM_LABELS[target.kind];
  if (!hydrated) {
    return (
      <a
        href={reportHref(target, location.pathname + location.search)}
        className={buttonClasses("ghost", "sm")}
        aria-label={`Report this ${noun}`}
      >
        <Flag className="h-4 w-4" aria-hidden="true" /> Report
      </a>
    );
  }
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses("ghost", "sm", "px-2")} aria-label={label ?? `More actions for this ${noun}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-[10rem] rounded-xl border border-border bg-surface p-1 text-fg shadow-xl"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => setReporting(true)}>
              <Flag className="h-4 w-4" aria-hidden="true" /> Report
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={reporting} onOpenChange={setReporting} />
        </Suspense>
      ) : null}
    </>
  );
}

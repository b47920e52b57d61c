import { useLocation } from "@remix-run/react";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button, buttonClasses, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { useHydrated } from "~/components/forum/use-hydrated";
import { REPORT_ITEM_LABELS } from "../../../workers/contract/moderation-options";
import { reportHref, type ReportTarget } from "./report-target";

const ReportDialog = lazy(() => import("./report-dialog"));

/**
 * A "Report" control for a page's item (a room's header, an event, a tournament, a profile): before the page
 * hydrates (or without JavaScript) a link to the report page, which posts a plain form and comes back here;
 * afterwards a button that opens the report dialog, loaded on first use.
 */
export function ReportButton({
  target,
  variant = "ghost",
  size = "sm",
  className,
}: {
  target: ReportTarget;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const label = `Report this ${REPORT_ITEM_LABELS[target.kind]}`;
  if (!hydrated) {
    return (
      <a
        href={reportHref(target, location.pathname + location.search)}
        className={buttonClasses(variant, size, className)}
        aria-label={label}
      >
        <Flag className="h-4 w-4" aria-hidden="true" /> Report
      </a>
    );
  }
  return (
    <>
      <Button variant={variant} size={size} className={className} aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Flag className="h-4 w-4" aria-hidden="true" /> Report
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

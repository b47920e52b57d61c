import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/components/ui/dialog";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { REPORT_ITEM_LABELS } from "../../../workers/contract/moderation-options";
import { ReportFields } from "./report-fields";
import type { ReportTarget } from "./report-target";

/**
 * The report dialog (loaded when a Report control is first used): the report form, posted by a fetcher to the
 * report page's action (`/report`, which answers data when asked from a dialog), so the page the member is on
 * stays as it is. Closes on success; the toast says the report reached the moderators, or why not.
 */
export default function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  const noun = REPORT_ITEM_LABELS[target.kind];
  const failure = fetcher.data && !fetcher.data.ok && !fetcher.data.fieldErrors ? fetcher.data.message : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Report this ${noun}`} description="Moderators review every report. The member is not told who reported them.">
        <fetcher.Form method="post" action="/report" className="grid gap-4" data-testid="report-form">
          <input type="hidden" name="mode" value="dialog" />
          <ReportFields target={target} result={fetcher.data} idPrefix={`report-${target.id}`} />
          {failure ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Sending..." : "Send report"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

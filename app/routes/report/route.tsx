import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { ReportFields } from "~/components/moderation/report-fields";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { documentTitle } from "../../../workers/contract/brand";
import { REPORT_ITEM_LABELS } from "../../../workers/contract/moderation-options";
import { loadReportPage, reportAction } from "./report.server";

export const meta: MetaFunction = () => [{ title: documentTitle("Report") }];

export const loader = (args: LoaderFunctionArgs) => loadReportPage(args);
export const action = (args: ActionFunctionArgs) => reportAction(args);

/**
 * The report page (issue 38): what a Report control opens before the page it is on has hydrated, or without
 * JavaScript. A plain form; sending it goes back to the item with a toast.
 */
export default function ReportPage() {
  const { target, back } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  useResultToast(result);
  const noun = REPORT_ITEM_LABELS[target.kind];
  const failure = result && !result.ok && !result.fieldErrors ? result.message : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">Report this {noun}</h1>
      <p className="mt-2 text-muted">Moderators review every report. The member is not told who reported them.</p>
      <Card className="mt-6">
        <Form method="post" action={`/report?back=${encodeURIComponent(back)}`} className="grid gap-4">
          <ReportFields target={target} result={result} idPrefix="report" />
          {failure ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={back} className={buttonClasses("outline", "md")}>
              Cancel
            </Link>
            <Button type="submit" variant="destructive" disabled={navigation.state === "submitting"}>
              Send report
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

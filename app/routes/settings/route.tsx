import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadSettings, settingsAction } from "./settings-actions.server";

/**
 * Resource route of the Settings dialog, which lives in the header of every
 * page: it loads the member's settings and takes their save, data export and
 * account deletion (the dialog's fetcher).
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadSettings(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => settingsAction(request, context);

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { TableSyncLanding } from "~/components/tablesync/tablesync-landing";
import { TableSyncLobby } from "~/components/tablesync/lobby";
import { documentTitle } from "~/lib/brand";
import { listGameSessions } from "../../workers/domain/game-sessions";

export const meta: MetaFunction = () => [{ title: documentTitle("TableSync") }];

/** Visitors get the landing page; members the lobby of waiting rooms (spec 001 §2). */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.user) return { sessions: null };
  return { sessions: await listGameSessions(context.db, { status: "waiting", limit: 60 }) };
}

export default function TableSyncPage() {
  const { sessions } = useLoaderData<typeof loader>();
  return sessions ? <TableSyncLobby sessions={sessions} /> : <TableSyncLanding />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

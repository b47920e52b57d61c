import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { TableSyncLanding } from "~/components/tablesync/tablesync-landing";
import { TableSyncLobby, lobbyTab } from "~/components/tablesync/lobby";
import { documentTitle } from "~/lib/brand";
import { listGameSessions } from "../../workers/domain/game-sessions";

export { lobbyAction as action } from "~/components/tablesync/lobby-action.server";

export const meta: MetaFunction = () => [{ title: documentTitle("TableSync") }];

/** Visitors get the landing page; members the lobby of waiting rooms (spec 001 §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.user) return { sessions: null, tab: "join" as const };
  const tab = lobbyTab(new URL(request.url).searchParams.get("tab"));
  return { sessions: await listGameSessions(context.db, context.user.id, { status: "waiting", limit: 60 }), tab };
}

/** A refused join or spectate still refreshes the rooms (single fetch skips that after a 4xx): the room may have filled up or ended. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export default function TableSyncPage() {
  const { sessions, tab } = useLoaderData<typeof loader>();
  return sessions ? <TableSyncLobby sessions={sessions} initialTab={tab} /> : <TableSyncLanding />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { TableSyncLanding } from "~/components/tablesync/tablesync-landing";
import { TableSyncLobby } from "~/components/tablesync/lobby";
import { documentTitle } from "../../../workers/contract/brand";

export { lobbyAction as action } from "./lobby-action.server";
export { lobbyLoader as loader } from "./lobby-loader.server";
import type { lobbyLoader } from "./lobby-loader.server";

export const meta: MetaFunction = () => [{ title: documentTitle("TableSync") }];

/** A refused join or spectate still refreshes the rooms (single fetch skips that after a 4xx): the room may have filled up or ended. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export default function TableSyncPage() {
  const { lobby, tab, pods } = useLoaderData<typeof lobbyLoader>();
  return lobby ? <TableSyncLobby lobby={lobby} initialTab={tab} /> : <TableSyncLanding pods={pods} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

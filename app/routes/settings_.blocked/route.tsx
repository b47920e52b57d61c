import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockedMembersList } from "~/components/settings/blocked-members";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../../workers/contract/brand";
import { BLOCK_EXPLAINED } from "../../../workers/contract/blocks";
import type { blockedLoader } from "./blocked.server";

export { blockedAction as action, blockedLoader as loader } from "./blocked.server";

export const meta: MetaFunction = () => [{ title: documentTitle("Blocked members") }];

/** The members the member blocked, each with Unblock (Settings → Privacy shows the same list). Plain forms: works without JavaScript. */
export default function BlockedMembersPage() {
  const { blocked } = useLoaderData<typeof blockedLoader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">Blocked members</h1>
      <p className="mt-3 text-muted">{BLOCK_EXPLAINED}</p>
      <div className="mt-8">
        <BlockedMembersList blocked={blocked} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

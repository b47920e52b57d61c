import { lazy, Suspense, useEffect, useState } from "react";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { RoomSummary } from "~/components/room/room-summary";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../../workers/contract/brand";
import { getRoomPage } from "../../../workers/domain/game-sessions";
import { iceConfigFor } from "../../../workers/services/ice-servers";

export { roomAction as action } from "./room-action.server";

// The room (sockets, WebRTC, media, tools) is its own chunk: no other page downloads it.
const RoomClient = lazy(() => import("~/components/room/room-client"));

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: documentTitle("Game Room", data?.session?.gameData.name ?? null) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const page = params.id ? await getRoomPage(context.db, params.id, user.id) : null;
  const mode: "play" | "spectate" = new URL(request.url).searchParams.get("mode") === "spectate" ? "spectate" : "play";
  // Relay credentials are minted per page load, and only for a room that exists.
  const { iceServers, relay } = page ? await iceConfigFor(context.cloudflare.env) : { iceServers: [], relay: "off" as const };
  return data(
    { session: page?.session ?? null, place: page?.place ?? null, mode, selfId: user.id, iceServers, relay },
    { status: page ? 200 : 404 },
  );
}

/** Taking a place and starting change nothing this page loaded: the room's socket carries the table from there. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && formAction === currentUrl.pathname ? false : defaultShouldRevalidate;

export default function GameRoomPage() {
  const { session, place, mode, selfId, iceServers, relay } = useLoaderData<typeof loader>();
  // Render the live room only in the browser: it needs sockets and media devices.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!session) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Room Not Found - This game room may have been deleted or is no longer available.</h1>
        <Link to="/tablesync" className={buttonClasses("primary", "md", "mt-6")}>
          Back to TableSync
        </Link>
      </div>
    );
  }
  const notice =
    relay === "unavailable" ? (
      <p role="status" className="border-b border-border bg-surface px-4 py-2 text-center text-sm text-muted">
        Video relay unavailable: video may not connect on strict networks (some offices, schools and mobile networks).
      </p>
    ) : null;
  const summary = (
    <>
      {notice}
      <RoomSummary session={session} place={place} mode={mode} />
    </>
  );
  if (!mounted) return summary;
  return (
    <Suspense fallback={summary}>
      {notice}
      <RoomClient
        key={`${session.id}-${mode}`}
        session={session}
        selfId={selfId}
        mode={mode}
        hasPlace={place !== null}
        iceServers={iceServers}
      />
    </Suspense>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

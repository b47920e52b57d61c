import { lazy, Suspense, useEffect, useState } from "react";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { RoomSummary } from "~/components/room/room-summary";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { documentTitle } from "../../../workers/contract/brand";
import type { roomLoader } from "./room-loader.server";

export { roomAction as action } from "./room-action.server";
export { roomLoader as loader } from "./room-loader.server";

// The room (sockets, WebRTC, media, tools) is its own chunk: no other page downloads it.
const RoomClient = lazy(() => import("~/components/room/room-client"));

export const meta: MetaFunction<typeof roomLoader> = ({ data }) => [
  { title: documentTitle("Game Room", data?.session?.gameData.name ?? null) },
];

/**
 * Starting changes nothing this page loaded: the room's socket carries the table from there. Taking a place does:
 * the loader hands video relay credentials only to a member with a place (workers/domain/rooms/video-relay.ts), and the
 * page joins the socket once the reload is done, so its peer connections have them. A result form changes the
 * result the page shows, so it reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, formData, currentUrl, defaultShouldRevalidate }) => {
  const intent = String(formData?.get("intent") ?? "");
  if (intent === "enter" || intent.endsWith("_result")) return defaultShouldRevalidate;
  return formMethod === "POST" && formAction === currentUrl.pathname ? false : defaultShouldRevalidate;
};

export default function GameRoomPage() {
  const { session, place, hostName, refusal, mode, selfId, iceServers, relay, result } = useLoaderData<typeof roomLoader>();
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
    relay === "unavailable" && !refusal ? (
      <p role="status" className="border-b border-border bg-surface px-4 py-2 text-center text-sm text-muted">
        Video relay unavailable: video may not connect on strict networks (some offices, schools and mobile networks).
      </p>
    ) : null;
  const summary = (
    <>
      {notice}
      <RoomSummary session={session} hostName={hostName} place={place} mode={mode} refusal={refusal} result={result} />
    </>
  );
  // Refused (removed, blocked, ended): the page says why and never opens the socket or asks for the camera.
  if (!mounted || refusal) return summary;
  return (
    <Suspense fallback={summary}>
      {notice}
      <RoomClient
        key={`${session.id}-${mode}`}
        session={session}
        hostName={hostName}
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

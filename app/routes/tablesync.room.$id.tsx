import { lazy, Suspense, useEffect, useState } from "react";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "~/lib/brand";
import { getGameSession, iceServersFromEnv } from "../../workers/domain/game-sessions";

// The room (sockets, WebRTC, media, tools) is its own chunk: no other page downloads it.
const RoomClient = lazy(() => import("~/components/room/room-client"));

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: documentTitle("Game Room", data?.session?.gameData.name ?? null) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const session = params.id ? await getGameSession(context.db, params.id) : null;
  const mode: "play" | "spectate" = new URL(request.url).searchParams.get("mode") === "spectate" ? "spectate" : "play";
  const iceServers = iceServersFromEnv(context.cloudflare.env);
  return data({ session, mode, selfId: user.id, iceServers }, { status: session ? 200 : 404 });
}

function RoomLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 text-center" role="status">
      <p className="text-lg text-muted">Loading game room...</p>
    </div>
  );
}

export default function GameRoomPage() {
  const { session, mode, selfId, iceServers } = useLoaderData<typeof loader>();
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
  if (!mounted) return <RoomLoading />;
  return (
    <Suspense fallback={<RoomLoading />}>
      <RoomClient key={`${session.id}-${mode}`} session={session} selfId={selfId} mode={mode} iceServers={iceServers} />
    </Suspense>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { loginHref } from "~/lib/login-href";
import { roomPath } from "../../../workers/contract/game-session-options";

type Props = {
  sessionId: string;
  message: string;
  /** The session ended: the notice offers to sign in again. */
  signedOut: boolean;
  /** The room ended (its result is on the room's page) or the member is out for good: the ways out. */
  ended: boolean;
  keptOut: boolean;
  /** A tournament match's result is the tournament's, not the room's. */
  tournamentMatch: boolean;
};

/** Why the member is not (or no longer) at the table, and where to go from here. */
export function RoomNotice({ sessionId, message, signedOut, ended, keptOut, tournamentMatch }: Props) {
  return (
    <div
      role="status"
      className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-3 text-sm"
    >
      <p>
        {message}
        {signedOut ? (
          <>
            {" "}
            <a className="font-medium text-primary underline" href={loginHref(roomPath(sessionId))}>
              Sign in
            </a>
          </>
        ) : null}
      </p>
      {ended || keptOut ? (
        <span className="flex flex-wrap gap-2">
          {/* The page's loader shows an ended room's result (record, answer or read it). */}
          {ended && !tournamentMatch ? (
            <Link to={roomPath(sessionId)} className={buttonClasses("outline", "sm")}>
              Game result
            </Link>
          ) : null}
          <Link to="/tablesync" className={buttonClasses("primary", "sm")}>
            Back to the lobby
          </Link>
        </span>
      ) : null}
    </div>
  );
}

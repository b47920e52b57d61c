import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { buttonClasses } from "~/components/ui/button";
import { loginHref } from "~/lib/login-href";
import { useRequestId } from "~/lib/request-id";
import { handleSessionExpired } from "~/lib/session-expired";

/** One error path: loaders throw Responses with a status; this renders them per status. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  // In the browser only: on the server, Remix's handleError (app/entry.server.tsx) already logged it, structured.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFoundPanel />;
  if (status === 401) return <LoggedOutPanel />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : "Something went wrong on our side. Please try again.";
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-muted">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted">{message}</p>
      {status >= 500 ? <RequestReference /> : null}
      <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
        Back to Home
      </Link>
    </section>
  );
}

/**
 * The id of the request that failed, for the member to quote (an operator finds its log lines by it). Only a page
 * rendered on the server knows it; the browser keeps the server's text on hydration (innerHTML is not compared),
 * and a later navigation (a new location key) renders the paragraph afresh, empty, rather than show a stale id.
 */
function RequestReference() {
  const requestId = useRequestId();
  const location = useLocation();
  const text = requestId ? `If it keeps happening, contact us and quote request id ${requestId}.` : "";
  return (
    <p
      key={location.key}
      className="mt-2 text-sm text-muted"
      data-testid="request-id"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text.replace(/[<>&"]/g, "") }}
    />
  );
}

/** A member page's data answered 401: the session ended while the page was open. */
function LoggedOutPanel() {
  const location = useLocation();
  useEffect(() => handleSessionExpired(), []);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Unauthorized</h1>
      <p className="mt-3 text-muted" role="status">
        You are logged out. Logging in again...
      </p>
      {/* Without JavaScript nothing moves on by itself. */}
      <a href={loginHref(location.pathname + location.search)} className={buttonClasses("primary", "md", "mt-6")}>
        Sign In
      </a>
    </section>
  );
}

export function NotFoundPanel() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-muted">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
        Back to Home
      </Link>
    </section>
  );
}

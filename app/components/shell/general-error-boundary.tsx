import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { buttonClasses } from "~/components/ui/button";
import { loginHref } from "~/lib/login-href";
import { handleSessionExpired } from "~/lib/session-expired";

/** One error path: loaders throw Responses with a status; this renders them per status. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFoundPanel />;
  if (status === 401) return <LoggedOutPanel />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : "Something went wrong on our side. Please try again.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-muted">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted">{message}</p>
      <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
        Back to Home
      </Link>
    </section>
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

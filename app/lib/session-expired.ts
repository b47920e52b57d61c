import { loadToastRegion } from "~/components/ui/toaster";
import { pinToast } from "~/hooks/use-toast";
import { loginHref } from "./login-href";

/** Spec 000 §9: sign-in follows the "logged out" toast after 500 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * The longest the page waits for the toast to be painted once its code has arrived, for a tab that paints
 * nothing (hidden) or a toast that never mounts: then it leaves anyway.
 */
const TOAST_PAINT_LIMIT_MS = 5000;

let leaving = false;
let shownOnPage = false;

/**
 * The one browser-side answer to a session that ended while a page was open (a page's data or an /api call
 * answered 401): the spec's toast, then sign-in after 500 ms, coming back to this page. Once per page load.
 * The 500 ms count from when the toast is painted, not from when it is asked for: the toast region's code
 * loads with the first toast, and on a slow phone (or a loaded 2-core CI machine) loading, rendering and
 * painting it took longer than 500 ms, so the page left before the member ever saw the toast.
 */
export function handleSessionExpired(): void {
  if (leaving) return;
  leaving = true;
  const here = `${window.location.pathname}${window.location.search}`;
  let scheduled = false;
  const leave = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => window.location.assign(loginHref(here)), LOGIN_REDIRECT_DELAY_MS);
  };
  pinToast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive", onShown: leave });
  // If the toast's code cannot load, or the toast is not painted in time, leave anyway.
  loadToastRegion().then(() => setTimeout(leave, TOAST_PAINT_LIMIT_MS), leave);
}

/**
 * The page has already told the member their session ended, with its own way back (the room page, when the
 * room closes its socket because the session ended). A background call that answers 401 afterwards (the bell's
 * poll) then stops quietly instead of taking the member away from what the page says.
 */
export function sessionEndShownOnPage(): void {
  shownOnPage = true;
}

/** For the /api wrappers: pass every response's status; a 401 means the session is gone. */
export function noticeUnauthorized(status: number): void {
  if (status === 401 && !shownOnPage) handleSessionExpired();
}

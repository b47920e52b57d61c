import { loadToastRegion } from "~/components/ui/toaster";
import { pinToast } from "~/hooks/use-toast";
import { loginHref } from "./login-href";

/** Spec 000 §9: sign-in follows the "logged out" toast after 500 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

let leaving = false;
let shownOnPage = false;

/**
 * The one browser-side answer to a session that ended while a page was open (a page's data or an /api call
 * answered 401): the spec's toast, then sign-in after 500 ms, coming back to this page. Once per page load.
 */
export function handleSessionExpired(): void {
  if (leaving) return;
  leaving = true;
  pinToast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  const here = `${window.location.pathname}${window.location.search}`;
  const leave = () => setTimeout(() => window.location.assign(loginHref(here)), LOGIN_REDIRECT_DELAY_MS);
  // The toast region arrives with the first toast (toaster.tsx): count the 500 ms from when the toast can show,
  // so it is read before the page leaves. If its code cannot load, leave anyway.
  loadToastRegion().then(leave, leave);
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

/** The sign-in page (served by the Worker, not Remix: reach it with a full page load), returning to `returnTo`. */
export function loginHref(returnTo?: string) {
  return returnTo && returnTo !== "/" ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : "/api/login";
}

/**
 * /calendar's URL: ?realm, ?month and ?event choose what the page shows; the
 * dialog parameters (?create=1, ?edit=<id>, ?delete=<id>) open a dialog over it,
 * so each dialog has an address that works before (or without) JavaScript.
 */
const DIALOG_PARAMS = ["create", "edit", "delete"] as const;

export type CalendarDialog = { kind: "create" } | { kind: "edit"; id: string } | { kind: "delete"; id: string } | null;

export function dialogOf(params: URLSearchParams): CalendarDialog {
  const edit = params.get("edit");
  const remove = params.get("delete");
  if (remove) return { kind: "delete", id: remove };
  if (edit) return { kind: "edit", id: edit };
  return params.get("create") === "1" ? { kind: "create" } : null;
}

/** The page's parameters without any dialog. */
export function withoutDialogs(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of DIALOG_PARAMS) next.delete(name);
  return next;
}

/** True when two URLs show the same page and differ only in which dialog is open. */
export function sameView(a: URL, b: URL): boolean {
  if (a.pathname !== b.pathname) return false;
  const view = (url: URL) => {
    const params = withoutDialogs(url.searchParams);
    params.sort();
    return params.toString();
  };
  return view(a) === view(b);
}

/**
 * Where the calendar goes after a change: the page it was posted from, dialogs
 * closed, optionally showing another month and focusing an event (null drops
 * the focus).
 */
export function calendarLocation(postedTo: string, changes: { month?: string; event?: string | null } = {}): string {
  const params = withoutDialogs(new URL(postedTo, "http://calendar.invalid").searchParams);
  if (changes.month) params.set("month", changes.month);
  if (changes.event) params.set("event", changes.event);
  else if (changes.event === null) params.delete("event");
  const search = params.toString();
  return search ? `/calendar?${search}` : "/calendar";
}

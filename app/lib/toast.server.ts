import { createCookie, redirect } from "@remix-run/cloudflare";
import { isLocalHost } from "../../workers/http/security";
import { toastMessage, type ToastMessage } from "./toast";

/**
 * A one-shot toast carried across a redirect (post/redirect/get): an action
 * sets it, the next document or data request's root loader reads and clears it.
 * Works with and without JavaScript.
 */
const toastCookie = createCookie("realmcast_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

const secureFor = (request: Request) => !isLocalHost(new URL(request.url));

export async function redirectWithToast(request: Request, to: string, toast: ToastMessage, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(toast, { secure: secureFor(request) }));
  return redirect(to, { ...init, headers });
}

/** The pending toast, and the header that clears it (null when there is none). */
export async function takeToast(request: Request): Promise<{ toast: ToastMessage | null; clear: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, clear: null };
  const parsed = toastMessage.safeParse(raw);
  const clear = await toastCookie.serialize("", { maxAge: 0, secure: secureFor(request) });
  return { toast: parsed.success ? parsed.data : null, clear };
}

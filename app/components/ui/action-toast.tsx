import { useActionData } from "@remix-run/react";
import { toastOf } from "~/lib/forms";
import { FlashToast } from "./flash-toast";

/**
 * The toast of the page's own action data. A page whose forms are fetchers still gets action data when
 * one of them is submitted as a plain form: without JavaScript, or by a click that lands before the page
 * has hydrated. Without this the member's join or save happened but nothing on the page said so.
 */
export function ActionToast() {
  // toastOf hands back the answer's own object, so FlashToast sees the same toast until the next answer.
  return <FlashToast toast={toastOf(useActionData())} />;
}
